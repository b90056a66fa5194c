import { statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, it, onTestFinished } from "vitest";
import { waitFor } from "../test/wait.ts";
import { openMigratedDatabase } from "./database.ts";
import { walEmptier } from "./empty-wal.ts";

it("empties the -wal after an erase; a reader holding it delays that, never the server", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-wal-"));
  const database = await openMigratedDatabase({ dataDir, writerThread: true });
  onTestFinished(() => database.close());
  const wal = `${database.location}-wal`;
  const write = () =>
    database.write(
      database.db.insertInto("settings").values({ key: `k${Math.random()}`, value: "v" }),
    );
  const said: string[] = [];
  const logger = {
    info: (_: object, m: string) => said.push(m),
    warn: (_: object, m: string) => said.push(m),
  };
  const emptier = walEmptier(database, logger, { attempts: 100, intervalMs: 50 });
  onTestFinished(() => emptier.stop());

  await write();
  expect(statSync(wal).size).toBeGreaterThan(0);
  await emptier.afterErase();
  expect(statSync(wal).size).toBe(0);

  // Another process's reader (the sqlite3 shell, a backup) in the middle of a read.
  await write();
  const reader = new SQLite(database.location, { readonly: true });
  onTestFinished(() => {
    reader.close();
  });
  const rows = reader.prepare("select key from settings").iterate();
  rows.next();
  await write();
  const started = performance.now();
  await emptier.afterErase();
  expect(performance.now() - started).toBeLessThan(500); // no busy wait on the writer thread
  expect(statSync(wal).size).toBeGreaterThan(0);
  expect(said).toEqual(["a reader holds the -wal: it is emptied once the reader lets go"]);
  await write(); // the server's writes go on meanwhile

  rows.return?.();
  await waitFor(() => statSync(wal).size === 0, { what: "the -wal emptied", timeoutMs: 5000 });
});
