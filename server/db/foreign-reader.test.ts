import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Instance, startInstance } from "../../tests/reliability/support/instance.ts";
import { applicationOf } from "../test/fixtures.ts";
import { readWithOtherProcess, readWithSqliteShell, storedIdsIn } from "../test/foreign-readers.ts";

// An operator reading the live database with a standard client (the sqlite3 shell, a backup or
// replication tool) must not make the server's later writes vanish at the next crash: SQLite's
// locks are only as good as every descriptor of the file in the server's process.
describe("the database survives foreign readers", () => {
  let server: Instance | undefined;
  afterAll(() => server?.crash());

  it("keeps every acknowledged application after readers come and go and the server is killed (kill -9)", async () => {
    server = await startInstance();
    const file = path.join(server.dataDir, "reelsmith.db");
    const acknowledged: string[] = [];
    const submit = async (tag: string) => {
      const answer = await fetch(server?.endpoint ?? "", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(applicationOf(tag)),
      });
      expect(answer.status, tag).toBe(200);
      acknowledged.push(((await answer.json()) as { id: string }).id);
    };

    await submit("before");
    expect(await readWithSqliteShell(file)).toBe(1);
    // The server's WAL is still its WAL: no reader checkpointed and deleted it.
    expect(existsSync(`${file}-wal`)).toBe(true);
    await submit("after-shell");
    expect(await readWithOtherProcess(file)).toBe(2);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await submit("after-other-process");

    await server.crash();
    const stored = storedIdsIn(file);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
