import { readdir, rmdir, unlink } from "node:fs/promises";
import path from "node:path";

/** The names in a folder under DATA_DIR; none when the folder is not there (yet). */
export async function namesIn(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * The file at `relative` under `dataDir`, or undefined when the path leads elsewhere (`..`, an
 * absolute path, DATA_DIR itself): a path read from the database is never trusted to stay in.
 */
export function insideDataDir(dataDir: string, relative: string): string | undefined {
  const root = path.resolve(dataDir);
  const file = path.resolve(root, relative);
  const from = path.relative(root, file);
  if (!from || from.startsWith("..") || path.isAbsolute(from) || relative.includes("\0")) {
    return undefined;
  }
  return file;
}

/**
 * Deletes files kept under DATA_DIR (a message's raw copy, its attachments), given by their
 * paths relative to it, and the folders they leave empty below DATA_DIR's own (a message's
 * attachments folder; never `inbound/` itself); a path that leads outside is refused and left
 * alone, a file already gone is fine. Returns how many files were deleted and which paths were
 * refused.
 */
export async function removeDataFiles(
  dataDir: string,
  relatives: readonly string[],
): Promise<{ removed: number; refused: string[] }> {
  let removed = 0;
  const refused: string[] = [];
  const folders = new Set<string>();
  for (const relative of relatives) {
    const file = insideDataDir(dataDir, relative);
    if (!file) {
      refused.push(relative);
      continue;
    }
    try {
      await unlink(file);
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const folder = path.dirname(file);
    if (path.relative(path.resolve(dataDir), folder).split(path.sep).length >= 2) {
      folders.add(folder);
    }
  }
  for (const folder of folders) {
    await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT" && error.code !== "ENOTEMPTY") throw error;
    });
  }
  return { removed, refused };
}
