import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from "node:fs";
import path from "node:path";

/** The data directory (SQLite file, .eml outbox): its owner only. */
export const directoryMode = 0o700;
/** Every file in it: the database, its -wal and -shm, the .eml files. */
export const fileMode = 0o600;

/**
 * Makes `directory` (and its parents) if missing, and sets it to 0700, whatever the umask:
 * applications are personal data, and other users of the machine have no business reading them.
 */
export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: directoryMode });
  chmodSync(directory, directoryMode);
}

/**
 * Creates the SQLite file as 0600 before SQLite first opens it (SQLite gives the -wal and -shm
 * files the database file's permissions), and sets existing ones (and their -wal, -shm) to 0600.
 *
 * An existing file is never opened here: closing ANY descriptor of the file drops every POSIX
 * lock this process holds on it, SQLite's included (the connections opened before this one).
 * Another process (the sqlite3 shell, a backup tool) closing its connection would then believe
 * it was the last one, checkpoint and delete the -wal under the server, whose later commits go
 * into a deleted file and are lost at a crash ("How To Corrupt An SQLite Database File", 2.2).
 * chmod touches no lock. A missing file is made with O_EXCL: no connection of ours has it open.
 */
export function ensurePrivateDatabaseFile(file: string): void {
  ensurePrivateDirectory(path.dirname(file));
  if (!existsSync(file)) createIfMissing(file);
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      chmodSync(companion, fileMode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

function createIfMissing(file: string): void {
  try {
    closeSync(openSync(file, "wx", fileMode));
  } catch (error) {
    // Made meanwhile by another process (the CLI, a second server): it is there, leave it be.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** Sets the files directly in `directory` (made by earlier versions) to 0600; counts them. */
export function restrictFiles(directory: string): number {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let changed = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const stats = statSync(file);
    if (stats.isFile() && (stats.mode & 0o777) !== fileMode) {
      chmodSync(file, fileMode);
      changed += 1;
    }
  }
  return changed;
}
