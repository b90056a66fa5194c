import { constants } from "node:fs";
import { chmod, copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { directoryMode, fileMode } from "../files/data-dir.ts";
import { namesIn } from "../files/data-files.ts";
import { derivedDirectory, mediaDirectory } from "./media-files.ts";

/** The folder beside a database backup `FILE` that holds its media: `FILE.media`. */
export const mediaBackupOf = (databaseBackup: string) => `${path.resolve(databaseBackup)}.media`;

/** A media copy that cannot be made (the folder exists, a file cannot be read). */
export class MediaBackupError extends Error {}

/**
 * Copies DATA_DIR/media (the uploads' bytes and tus records, and derived/: posters and
 * previews) into `target`, a new folder (0700, files 0600), while the server runs. Called
 * right AFTER the database's backup (docs/operations.md): every upload that backup knows was
 * created before it, so its file is here (an upload tus writes a row for before its first byte);
 * files of uploads begun after it come along too and are removed, once restored, by the job
 * media-orphans; a file being written is copied as far as it got, which is where tus resumes
 * it (the offset is the file's length). `.part` files (previews being made) are left out.
 */
export async function copyMediaFolder(
  dataDir: string,
  target: string,
): Promise<{ files: number; bytes: number }> {
  try {
    await mkdir(target, { mode: directoryMode });
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === "EEXIST"
        ? "already exists; a backup never replaces a file"
        : `cannot be made: ${(error as Error).message}`;
    throw new MediaBackupError(`${target} ${why}`);
  }
  let files = 0;
  let bytes = 0;
  const copyFolder = async (from: string, to: string) => {
    for (const name of (await namesIn(from)).sort()) {
      if (name.endsWith(".part")) continue;
      const source = path.join(from, name);
      const info = await stat(source).catch(() => undefined);
      // Removed since the listing (an erase, an expiry): nothing to copy.
      if (!info?.isFile()) continue;
      const copy = path.join(to, name);
      try {
        await copyFile(source, copy, constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      await chmod(copy, fileMode);
      files += 1;
      bytes += (await stat(copy)).size;
    }
  };
  await copyFolder(mediaDirectory(dataDir), target);
  const derived = path.join(target, path.basename(derivedDirectory(dataDir)));
  await mkdir(derived, { mode: directoryMode });
  await copyFolder(derivedDirectory(dataDir), derived);
  return { files, bytes };
}
