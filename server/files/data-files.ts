import { unlink } from "node:fs/promises";
import path from "node:path";

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
 * paths relative to it; a path that leads outside is refused and left alone, a file already
 * gone is fine. Returns how many were deleted and which paths were refused.
 */
export async function removeDataFiles(
  dataDir: string,
  relatives: readonly string[],
): Promise<{ removed: number; refused: string[] }> {
  let removed = 0;
  const refused: string[] = [];
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
  }
  return { removed, refused };
}
