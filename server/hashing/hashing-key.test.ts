import { readFileSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { readSetting } from "../db/settings.ts";
import { hashingKeyFile, keysDirectory } from "../files/key-file.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { applicationOf } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { createIpHasher } from "./client-hashes.ts";
import {
  HashingKeyMismatch,
  keyCheckSetting,
  legacyKeySetting,
  loadHashingKey,
} from "./hashing-key.ts";

const otherDataDir = () => mkdtemp(path.join(tmpdir(), "reelsmith-other-instance-"));

describeEachBackend("the hashing key ($name)", (backend) => {
  it("is made once in DATA_DIR/keys/hashing.key (0600, directory 0700), never in the database", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const first = await loadHashingKey(database, { dataDir });
    const again = await loadHashingKey(database, { dataDir });
    expect(again.key).toBe(first.key);
    expect(first.key).toMatch(/^[\w-]{43}$/);
    expect(readFileSync(hashingKeyFile(dataDir), "utf8")).toBe(`${first.key}\n`);
    expect(statSync(hashingKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(keysDirectory(dataDir)).mode & 0o777).toBe(0o700);
    const settings = await database.db.selectFrom("settings").selectAll().execute();
    expect(settings.map((row) => row.value)).not.toContain(first.key);
    expect(settings.map((row) => row.key)).toEqual([keyCheckSetting]);
  });

  it("an earlier version's key moves out of the database into the file: stored hashes still compare", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const legacy = "legacy-key-of-an-earlier-version-0123456789";
    await database.db
      .insertInto("settings")
      .values({ key: legacyKeySetting, value: legacy })
      .execute();
    const storedHash = createIpHasher(legacy)("203.0.113.7"); // an application's ip_hash, say
    const loaded = await loadHashingKey(database, { dataDir });
    expect(loaded.movedOut).toBe(true);
    expect(createIpHasher(loaded.key)("203.0.113.7")).toBe(storedHash);
    expect(readFileSync(hashingKeyFile(dataDir), "utf8").trim()).toBe(legacy);
    expect(await readSetting(database.db, legacyKeySetting)).toBeUndefined();
    // IP_HASH_SECRET set: the database's unused copy is deleted all the same.
    await database.db
      .insertInto("settings")
      .values({ key: legacyKeySetting, value: legacy })
      .execute();
    await database.db.deleteFrom("settings").where("key", "=", keyCheckSetting).execute();
    const fromEnv = await loadHashingKey(database, {
      dataDir: await otherDataDir(),
      IP_HASH_SECRET: "from-the-environment-0123",
    });
    expect(fromEnv).toMatchObject({ key: "from-the-environment-0123", movedOut: true });
    expect(await readSetting(database.db, legacyKeySetting)).toBeUndefined();
  });

  it("a server upgraded from a version that kept the key in the database: same ip_hash, key out of it", async () => {
    const { database, env, dataDir } = await migratedDatabase(backend);
    const legacy = "legacy-key-of-an-earlier-version-0123456789";
    await database.db
      .insertInto("settings")
      .values({ key: legacyKeySetting, value: legacy })
      .execute();
    const server = await startTestServer({ ...env, DATA_DIR: dataDir, IP_HASH_SECRET: "" });
    onTestFinished(() => server.stop());
    expect((await server.submit(applicationOf("upgraded"))).status).toBe(200);
    await server.stop();
    const [stored] = await database.db.selectFrom("submissions").select("ipHash").execute();
    // The application's ip_hash is the one the earlier version made for this client.
    expect(stored?.ipHash).toBe(createIpHasher(legacy)("127.0.0.1"));
    expect(await readSetting(database.db, legacyKeySetting)).toBeUndefined();
    expect(readFileSync(hashingKeyFile(dataDir), "utf8").trim()).toBe(legacy);
    expect(statSync(hashingKeyFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it("instances with different keys: PostgreSQL refuses the second, SQLite takes the new one", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    await loadHashingKey(database, { dataDir });
    const elsewhere = loadHashingKey(database, { dataDir: await otherDataDir() });
    if (backend.name === "postgres") {
      await expect(elsewhere).rejects.toThrow(HashingKeyMismatch);
      await expect(elsewhere).rejects.toThrow(/same IP_HASH_SECRET/);
    } else {
      expect((await elsewhere).replaced).toBe(true);
    }
    // The same IP_HASH_SECRET everywhere: instances agree, whatever their DATA_DIR.
    const shared = { IP_HASH_SECRET: "shared-by-every-instance-0123" };
    const { database: next } = await migratedDatabase(backend);
    const a = await loadHashingKey(next, { dataDir: await otherDataDir(), ...shared });
    const b = await loadHashingKey(next, { dataDir: await otherDataDir(), ...shared });
    expect([a.replaced, b.replaced, a.key === b.key]).toEqual([false, false, true]);
  });
});
