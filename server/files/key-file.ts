import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { ensurePrivateDirectory, fileMode } from "./data-dir.ts";

/** The directory of the keys under DATA_DIR (0700), apart from the database and its backups. */
export const keysDirectory = (dataDir: string) => path.join(dataDir, "keys");

/** The key of the HMACs that keep people out of stored hashes (client IPs, addresses, visits). */
export const hashingKeyFile = (dataDir: string) => path.join(keysDirectory(dataDir), "hashing.key");

/**
 * The key in `file`, read; or, when there is none, `make()` written there first: written 0600
 * under another name and linked (O_EXCL) in a 0700 directory (whatever the umask), synced with its name, so a key is
 * never half-written. Two processes making it at once agree: the second reads the first's. A
 * file left readable by others (a restore, a copy) is taken back to 0600.
 */
export function readOrCreateKeyFile(file: string, make: () => string): string {
  ensurePrivateDirectory(path.dirname(file));
  if (!existsSync(file)) {
    // Written whole under another name, then linked: a reader never sees half a key.
    const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
    const descriptor = openSync(partial, "wx", fileMode);
    try {
      writeSync(descriptor, `${make()}\n`);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    try {
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(partial);
    }
    syncDirectory(path.dirname(file));
  }
  if ((statSync(file).mode & 0o777) !== fileMode) chmodSync(file, fileMode);
  const key = readFileSync(file, "utf8").trim();
  if (!key) throw new Error(`${file} is empty: restore the key, or delete the file to make one`);
  return key;
}

function syncDirectory(directory: string) {
  const descriptor = openSync(directory, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
