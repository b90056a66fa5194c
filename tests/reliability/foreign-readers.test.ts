import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  readWithOtherProcess,
  readWithSqliteShell,
  storedIdsIn,
} from "../../server/test/foreign-readers.ts";
import { sleep } from "../../server/test/wait.ts";
import { recordFigures } from "./support/figures.ts";
import { type Instance, startInstance } from "./support/instance.ts";
import { startLoad } from "./support/load.ts";

const loadMs = 6000;

/**
 * An operator inspects the live SQLite file while applications pour in: Debian's sqlite3 shell
 * and a better-sqlite3 connection in another process, in turns, each opening, reading and
 * closing. Then the server is killed (kill -9) under load. Every application it acknowledged
 * must be in the file: no reader may have checkpointed and deleted the server's -wal.
 */
describe("10. foreign readers under load, then kill -9", () => {
  let instance: Instance | undefined;
  afterAll(() => instance?.crash());

  it("SQLite: every acknowledged application is present after the kill", async ({ task }) => {
    instance = await startInstance();
    const server = instance;
    const file = path.join(server.dataDir, "reelsmith.db");
    const load = startLoad(() => [server], 10, 20_000, "reader");
    let reads = 0;
    let walMissing = 0;
    let reading = true;
    const readers = (async () => {
      await sleep(300);
      while (reading) {
        await (reads % 2 === 0 ? readWithSqliteShell(file) : readWithOtherProcess(file));
        reads += 1;
        if (server.alive() && !existsSync(`${file}-wal`)) walMissing += 1;
      }
    })();
    await sleep(loadMs);
    const inFlight = load.inFlight();
    await server.crash();
    reading = false;
    await readers;
    await load.stop();

    const acked = new Set(load.acked.values());
    const stored = storedIdsIn(file);
    const present = [...acked].filter((id) => stored.has(id)).length;
    recordFigures(task, {
      order: 10,
      scenario: "10 foreign readers, SQLite, kill -9",
      figures: [
        { name: "submissions sent", value: load.sent() },
        { name: "foreign reads (sqlite3 shell, other process)", value: reads, must: "> 0" },
        { name: "-wal missing after a read", value: walMissing, must: "= 0" },
        { name: "requests in flight at the kill", value: inFlight, must: "> 0" },
        { name: "acknowledged", value: acked.size },
        { name: "present after kill -9", value: present, must: "= acknowledged" },
      ],
    });

    expect(reads).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
    expect(acked.size).toBeGreaterThan(0);
    expect(walMissing).toBe(0);
    expect(present).toBe(acked.size);
  });
});
