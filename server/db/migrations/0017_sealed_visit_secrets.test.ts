import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it, onTestFinished } from "vitest";
import { describeEachBackend } from "../../test/backends.ts";
import { openDatabase } from "../database.ts";
import { migrateToLatest, migrations } from "./index.ts";

describeEachBackend("migration 0017 ($name)", (backend) => {
  it("deletes the day secrets an earlier version kept in the clear; secrets are sealed from then on", async () => {
    const { env, cleanup } = await backend.setup({ empty: true });
    onTestFinished(cleanup);
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-0017-"));
    const handle = openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
    onTestFinished(() => handle.close());
    // The database as the version before this one left it, with today's secret in the clear.
    const before = Object.entries(migrations(handle.dialect)).filter(
      ([name]) => name <= "0012_insights",
    );
    const earlier = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => Object.fromEntries(before) },
      allowUnorderedMigrations: true,
    });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    await sql`insert into visit_secrets (day, secret) values (20785, 'secret-in-the-clear')`.execute(
      handle.db,
    );
    expect(await migrateToLatest(handle.db, handle.dialect)).toContain("0017_sealed_visit_secrets");
    expect(await handle.db.selectFrom("visitSecrets").selectAll().execute()).toEqual([]);
    const columns = (await handle.db.introspection.getTables())
      .find((table) => table.name === "visit_secrets")
      ?.columns.map((column) => column.name);
    expect(columns).toEqual(["day", "sealed"]);
  });
});
