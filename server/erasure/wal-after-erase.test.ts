import { statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, it, onTestFinished } from "vitest";
import { openMigratedDatabase } from "../db/database.ts";
import { walAfterErase } from "./wal-after-erase.ts";

function sayings() {
  const said: string[] = [];
  const logger = {
    info: (_: object, m: string) => said.push(m),
    warn: (_: object, m: string) => said.push(m),
  };
  return { said, logger };
}

it("empties the -wal after an erase; a reader holding it delays that to the job's runs, never the server", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-wal-"));
  const database = await openMigratedDatabase({ dataDir, writerThread: true });
  onTestFinished(() => database.close());
  const wal = `${database.location}-wal`;
  const write = () =>
    database.write(
      database.db.insertInto("settings").values({ key: `k${Math.random()}`, value: "v" }),
    );
  const { said, logger } = sayings();
  const { afterErase, job } = walAfterErase(database, logger);
  expect(job).toMatchObject({ name: "empty-wal", everyMs: 1000 });

  await write();
  expect(statSync(wal).size).toBeGreaterThan(0);
  await afterErase();
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
  await afterErase();
  expect(performance.now() - started).toBeLessThan(500); // no busy wait on the writer thread
  expect(statSync(wal).size).toBeGreaterThan(0);
  expect(said).toEqual(["a reader holds the -wal: it is emptied once the reader lets go"]);
  await write(); // the server's writes go on meanwhile
  await job.run(); // still held: tried again, not yet
  expect(statSync(wal).size).toBeGreaterThan(0);

  rows.return?.();
  await job.run();
  expect(statSync(wal).size).toBe(0);
  expect(said).toHaveLength(1);
});

it("tries at each run until giveUpMs after the last erase, then says so once and stops", async () => {
  let now = 0;
  let tries = 0;
  const held = {
    emptyWal: async () => {
      tries++;
      return false;
    },
  };
  const { said, logger } = sayings();
  const { afterErase, job } = walAfterErase(held, logger, { giveUpMs: 120_000, now: () => now });

  await job.run(); // nothing erased: nothing tried
  expect(tries).toBe(0);
  await afterErase();
  now = 60_000;
  await job.run();
  await afterErase(); // another erase: two minutes from this one
  now = 170_000;
  await job.run();
  expect(said).toEqual(["a reader holds the -wal: it is emptied once the reader lets go"]);
  now = 180_000;
  await job.run();
  expect(said.at(-1)).toBe("the -wal could not be emptied after an erase");
  const triesThen = tries;
  now = 200_000;
  await job.run();
  expect(tries).toBe(triesThen);
  expect(said).toHaveLength(2);
});

it("does nothing on PostgreSQL (no -wal)", async () => {
  const { said, logger } = sayings();
  const { afterErase, job } = walAfterErase({}, logger);
  await afterErase();
  await job.run();
  expect(said).toEqual([]);
});
