import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  statSync,
  unlinkSync,
} from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { fileMode } from "../files/data-dir.ts";

export interface BackupResult {
  file: string;
  bytes: number;
  applications: number;
}

/** A backup that cannot be made (the file exists, the copy is damaged): the operator's to fix. */
export class BackupError extends Error {}

/**
 * A consistent copy of the live SQLite database in `target`, taken with `VACUUM INTO` on
 * `sqlite` (a connection of its own, not the server's): one read transaction, so the copy holds
 * every commit made before it began and nothing half-done, while the server keeps writing (WAL:
 * readers never block the writer). The copy is compacted, in rollback-journal mode, so that
 * it is one self-contained file, and it keeps nothing erased.
 *
 * Written beside `target` under another name, made 0600 first (applications are personal
 * data), checked with `PRAGMA integrity_check`, synced, then linked to `target`, which must not
 * exist: a backup never replaces a file, and `target` is either whole or absent.
 */
export function backupSqlite(sqlite: SQLite.Database, target: string): BackupResult {
  const file = path.resolve(target);
  if (existsSync(file))
    throw new BackupError(`${target} already exists; a backup never replaces a file`);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    closeSync(openSync(partial, "wx", fileMode));
  } catch (error) {
    throw new BackupError(`cannot write in ${path.dirname(file)}: ${(error as Error).message}`);
  }
  try {
    sqlite.prepare("vacuum into ?").run(partial);
    const applications = checkCopy(partial);
    syncFile(partial);
    try {
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") {
        throw new BackupError(`${target} already exists; a backup never replaces a file`);
      }
      throw error;
    }
    syncFile(path.dirname(file));
    return { file, bytes: statSync(file).size, applications };
  } finally {
    unlinkSync(partial);
  }
}

/** Opens the copy on its own: it must pass integrity_check. Returns its applications. */
function checkCopy(file: string): number {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    const problems = copy.pragma("integrity_check", { simple: false }) as {
      integrity_check: string;
    }[];
    const report = problems.map((row) => row.integrity_check);
    if (report.join() !== "ok") {
      throw new BackupError(`the copy failed integrity_check: ${report.slice(0, 5).join("; ")}`);
    }
    return (copy.prepare("select count(*) as n from submissions").get() as { n: number }).n;
  } finally {
    copy.close();
  }
}

/** fsync: the backup (and its name in the directory) is on disk before we say it is. */
function syncFile(file: string): void {
  const descriptor = openSync(file, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
