import path from "node:path";
import { uuidPattern } from "#app/shared/intake-rules.ts";

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
