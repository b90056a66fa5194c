import { unlink } from "node:fs/promises";
import path from "node:path";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import { namesIn } from "../files/data-files.ts";

/**
 * DATA_DIR/media: the uploads (tus: `<id>` and its `<id>.json`), and in `derived/` what the
 * job `upload-media` made of each: `<id>.poster.jpg` and `<id>.preview.mp4`. Every name is an
 * upload's id (a UUID, checked here), never a name a user gave.
 */
export function mediaDirectory(dataDir: string): string {
  return path.join(dataDir, "media");
}

function checked(id: string): string {
  if (!uuidPattern.test(id)) throw new Error("not an upload id");
  return id.toLowerCase();
}

export const uploadFile = (dataDir: string, id: string) =>
  path.join(mediaDirectory(dataDir), checked(id));

export const derivedDirectory = (dataDir: string) => path.join(mediaDirectory(dataDir), "derived");

export const posterFile = (dataDir: string, id: string) =>
  path.join(derivedDirectory(dataDir), `${checked(id)}.poster.jpg`);

export const previewFile = (dataDir: string, id: string) =>
  path.join(derivedDirectory(dataDir), `${checked(id)}.preview.mp4`);

/**
 * Every file an upload may have: its bytes and tus record, and what the job made of it (the
 * poster and the preview, and either being written as `.part`).
 */
export function filesOfUpload(dataDir: string, id: string): string[] {
  const poster = posterFile(dataDir, id);
  const preview = previewFile(dataDir, id);
  const bytes = uploadFile(dataDir, id);
  return [bytes, `${bytes}.json`, poster, `${poster}.part`, preview, `${preview}.part`];
}

/** Removes every file of an upload that exists: how many there were. */
export async function removeUploadFiles(dataDir: string, id: string): Promise<number> {
  let removed = 0;
  for (const file of filesOfUpload(dataDir, id)) {
    try {
      await unlink(file);
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

/** An upload's id at the start of a file's name in media/ or derived/ (`<id>`, `<id>.json`…). */
const namedByUpload = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\..*)?$/i;

/**
 * The upload ids that files in DATA_DIR/media and its derived/ are named by (each once); any
 * other name there is not an upload's and is left alone.
 */
export async function uploadIdsOnDisk(dataDir: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const directory of [mediaDirectory(dataDir), derivedDirectory(dataDir)]) {
    for (const name of await namesIn(directory)) {
      const id = namedByUpload.exec(name)?.[1];
      if (id) ids.add(id.toLowerCase());
    }
  }
  return [...ids];
}
