import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import { hashingKeyFile, keysDirectory } from "../files/key-file.ts";
import { createIpHasher, visitorHash } from "../hashing/client-hashes.ts";
import { beaconTokenFor } from "../test/beacon-token.ts";
import { cli } from "../test/cli.ts";
import { applicationOf } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";

const run = promisify(execFile);
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Safari/537.36";

/** What Debian's `sqlite3` shell reads in a file: one query's rows, tab-separated. */
async function shell(file: string, query: string): Promise<string[]> {
  const { stdout } = await run("sqlite3", ["-readonly", "-separator", "\t", file, query]);
  return stdout.split("\n").filter(Boolean);
}

describe("a backup (npm run applications -- backup FILE)", () => {
  it("holds no secret that recomputes a visitor's hash or reverses an ip_hash; the key file is 0600", {
    timeout: 60_000,
  }, async () => {
    const server = await startTestServer();
    onTestFinished(() => server.stop());
    const host = new URL(server.url).host;
    const visitor = { ip: "127.0.0.1", userAgent: chrome, host };
    // A visitor of today (the beacon of the page served to them), and their application.
    const database = server.openDatabase();
    onTestFinished(() => database.close());
    const token = await beaconTokenFor(database, server.config, visitor);
    const beacon = await fetch(`${server.url}${beaconPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "User-Agent": chrome },
      body: JSON.stringify({ type: "start", question: "name", token }),
    });
    expect(beacon.status).toBe(204);
    expect(
      (await server.submit(applicationOf("backup-key"), { "User-Agent": chrome })).status,
    ).toBe(200);
    await server.stop(); // the visitor written

    const file = path.join(await mkdtemp(path.join(tmpdir(), "reelsmith-backups-")), "copy.db");
    const backup = await cli({ DATA_DIR: server.dataDir }, "backup", file);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("and no key: a visitor's hash cannot be\nrecomputed from it");
    expect(backup.stdout).toContain(hashingKeyFile(server.dataDir));

    // What the backup holds, as a foreign reader sees it.
    const [ipHash] = await shell(file, "select ip_hash from submissions;");
    const [visitorRow] = await shell(file, "select visitor from visitors;");
    expect(ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorRow).toMatch(/^[0-9a-f]{32}$/);
    // Every value of every text column of every table, tried as the key: none recomputes them.
    const tables = await shell(file, "select name from sqlite_schema where type = 'table';");
    const values = new Set<string>();
    for (const table of tables) {
      const columns = await shell(file, `select name from pragma_table_info('${table}');`);
      for (const column of columns) {
        for (const value of await shell(file, `select distinct "${column}" from "${table}";`)) {
          values.add(value);
        }
      }
    }
    expect(values.size).toBeGreaterThan(50); // the whole database was read
    const recomputing = [...values].filter(
      (value) =>
        createIpHasher(value)(visitor.ip) === ipHash ||
        visitorHash(value, visitor.ip, visitor.userAgent, host) === visitorRow,
    );
    expect(recomputing).toEqual([]);
    expect(await shell(file, "select key from settings where key = 'ip_hash_secret';")).toEqual([]);
    // The key that does is outside: the server's key file, its owner's only.
    const key = (await import("node:fs"))
      .readFileSync(hashingKeyFile(server.dataDir), "utf8")
      .trim();
    expect(createIpHasher(key)(visitor.ip)).toBe(ipHash);
    expect(statSync(hashingKeyFile(server.dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(keysDirectory(server.dataDir)).mode & 0o777).toBe(0o700);
  });
});
