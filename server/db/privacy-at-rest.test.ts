import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { mailDirectory } from "../mail/mail-files.ts";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { waitFor } from "../test/wait.ts";
import { eraseApplicant } from "./applications/erase.ts";
import { openMigratedDatabase } from "./database.ts";

const mode = (file: string) => statSync(file).mode & 0o777;

describe("privacy at rest", () => {
  it("keeps DATA_DIR 0700 and its files (database, -wal, -shm, .eml) 0600", async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), "reelsmith-modes-")), "data");
    const server = await startTestServer({ DATA_DIR: dataDir });
    onTestFinished(() => server.stop());
    expect((await server.submit(validApplication())).status).toBe(200);
    await waitFor(
      () => existsSync(mailDirectory(dataDir)) && readdirSync(mailDirectory(dataDir)).length === 2,
      {
        what: "both .eml files",
      },
    );
    expect(mode(dataDir)).toBe(0o700);
    const database = path.join(dataDir, "reelsmith.db");
    for (const file of [database, `${database}-wal`, `${database}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
    expect(mode(mailDirectory(dataDir))).toBe(0o700);
    for (const name of readdirSync(mailDirectory(dataDir))) {
      expect(mode(path.join(mailDirectory(dataDir), name)), name).toBe(0o600);
    }
  });

  it("takes back files that an earlier version left world-readable", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-modes-"));
    chmodSync(dataDir, 0o755);
    const old = path.join(dataDir, "backup.db");
    writeFileSync(old, "old", { mode: 0o644 });
    const server = await startTestServer({ DATA_DIR: dataDir });
    onTestFinished(() => server.stop());
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(old)).toBe(0o600);
  });

  it("overwrites erased rows (secure_delete): the erased text is no longer in the file", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-erase-"));
    const server = await startTestServer({ DATA_DIR: dataDir });
    const marker = "Zqxjvmarker challenges nobody else writes";
    const filler = "Long answer to fill a page. ".repeat(100);
    expect(
      (await server.submit(validApplication({ currentChallenges: marker, goals: filler }))).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      const other = validApplication({ email: `other${i}@example.com`, goals: filler });
      expect((await server.submit(other)).status).toBe(200);
    }
    await server.stop();
    const database = await openMigratedDatabase({ DATABASE_URL: undefined, dataDir });
    try {
      expect(await eraseApplicant(database, "maya@example.com", "no-count")).toMatchObject({
        applications: 1,
      });
      // Everything in the -wal is written back into the file, and the -wal emptied.
      database.sqlite?.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      await database.close();
    }
    const file = path.join(dataDir, "reelsmith.db");
    const bytes = Buffer.concat(
      [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
    );
    expect(bytes.includes(Buffer.from("other0@example.com"))).toBe(true); // the rest is there
    expect(bytes.includes(Buffer.from("Zqxjvmarker"))).toBe(false);
  });
});
