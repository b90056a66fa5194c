import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

/**
 * Clients of the SQLite file other than the server, as an operator would use them: each opens
 * the file, reads, and closes (what used to make the server's -wal vanish, issue 19).
 */

/** Debian's `sqlite3` shell: the applications counted. */
export async function readWithSqliteShell(file: string): Promise<number> {
  const { stdout } = await run("sqlite3", [file, "select count(*) from submissions;"]);
  return Number(stdout.trim());
}

/** A better-sqlite3 connection in another process: the applications counted. */
export async function readWithOtherProcess(file: string): Promise<number> {
  const script = `const S = require("better-sqlite3"); const db = new S(process.argv[1]);
    console.log(db.prepare("select count(*) as n from submissions").get().n); db.close();`;
  const { stdout } = await run(process.execPath, ["-e", script, file], { cwd: root });
  return Number(stdout.trim());
}

/** The ids stored in `file` (read once the server is gone). */
export function storedIdsIn(file: string): Set<string> {
  const db = new SQLite(file);
  try {
    const rows = db.prepare("select id from submissions").all() as { id: string }[];
    return new Set(rows.map((row) => row.id));
  } finally {
    db.close();
  }
}
