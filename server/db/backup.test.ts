import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it, onTestFinished } from "vitest";
import { cli } from "../test/cli.ts";
import { applicationOf } from "../test/fixtures.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { signedInClient } from "../test/portal-session.ts";
import { startTestServer, type TestServer } from "../test/server.ts";

/** Applications sent `lanes` at a time until stopped; the ids answered 200, in order. */
function keepApplying(server: TestServer, lanes: number) {
  const acknowledged: string[] = [];
  let sent = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped) {
      const answer = await server.submit(applicationOf(`backup${sent++}`));
      if (answer.status === 200) acknowledged.push(((await answer.json()) as { id: string }).id);
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

describe("npm run applications -- backup FILE", () => {
  it("copies the live database while the server takes applications; the copy restores whole", async () => {
    const server = await startTestServer();
    onTestFinished(() => server.stop());
    const load = keepApplying(server, 4);
    while (load.acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const backups = await mkdtemp(path.join(tmpdir(), "reelsmith-backups-"));
    const file = path.join(backups, "reelsmith-2026-11-24.db");

    const before = [...load.acknowledged];
    const result = await cli({ DATA_DIR: server.dataDir }, "backup", file);
    const during = load.acknowledged.length - before.length;
    await load.stop();

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Backed up \\d+ submissions to ${file} \\(\\d+\\.\\d MB\\); integrity_check: ok\\.\\nIt holds every application`,
      ),
    );
    expect(during).toBeGreaterThan(0); // the server took applications while it ran
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No partial file left; the media folder's copy beside it (empty: no client uploaded).
    expect(readdirSync(backups)).toEqual([path.basename(file), `${path.basename(file)}.media`]);

    // Restored as docs/operations.md says: the file becomes DATA_DIR/reelsmith.db of a stopped server.
    const restoredDir = await mkdtemp(path.join(tmpdir(), "reelsmith-restored-"));
    copyFileSync(file, path.join(restoredDir, "reelsmith.db"));
    const restored = await startTestServer({ DATA_DIR: restoredDir });
    onTestFinished(() => restored.stop());
    expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
    const database = restored.openDatabase();
    onTestFinished(() => database.close());
    const ids = new Set(
      (await database.db.selectFrom("submissions").select("id").execute()).map((row) => row.id),
    );
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(database.sqlite?.pragma("integrity_check", { simple: true })).toBe("ok");
    // The inbox's search index came along and answers.
    const copy = new SQLite(file, { readonly: true });
    onTestFinished(() => {
      copy.close();
    });
    expect(
      copy
        .prepare(
          `select count(*) as n from submissions_search where submissions_search match '"backup0"'`,
        )
        .get(),
    ).toEqual({ n: 1 });
  });

  it("copies DATA_DIR/media after the database: a client's uploads restore byte for byte, a partial one resumes", async () => {
    const server = await startTestServer({ PUBLIC_SITE_URL: "http://localhost:3000" });
    onTestFinished(() => server.stop());
    const live = server.openDatabase();
    onTestFinished(() => live.close());
    const ana = await signedInClient(live, "ana");
    const tus = (url: string) => ({
      "Tus-Resumable": "1.0.0",
      Origin: new URL(url).origin,
      cookie: ana.cookie,
    });
    const metadata = `request ${Buffer.from(ana.requestId).toString("base64")}`;
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    const upload = async (url: string, source: Buffer, send: number) => {
      const created = await fetch(`${url}/portal/uploads`, {
        method: "POST",
        headers: {
          ...tus(url),
          "Upload-Length": String(source.length),
          "Upload-Metadata": metadata,
        },
      });
      expect(created.status).toBe(201);
      const id = created.headers.get("location")?.split("/").at(-1) ?? "";
      const sent = await fetch(`${url}/portal/uploads/${id}`, {
        method: "PATCH",
        headers: {
          ...tus(url),
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": "0",
        },
        body: new Uint8Array(source.subarray(0, send)),
      });
      expect(sent.status).toBe(204);
      return id;
    };
    const whole = wavBytes(3 * 1024 * 1024 + 17);
    const partial = wavBytes(1024 * 1024);
    const wholeId = await upload(server.url, whole, whole.length);
    const partialId = await upload(server.url, partial, 400_000);

    const backups = await mkdtemp(path.join(tmpdir(), "reelsmith-backups-"));
    const file = path.join(backups, "reelsmith-2026-11-28.db");
    const result = await cli({ DATA_DIR: server.dataDir }, "backup", file);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `\\nCopied DATA_DIR/media to ${file}\\.media after the database: 4 files \\(3\\.4 MB\\)\\.\\n$`,
      ),
    );
    expect(statSync(`${file}.media`).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(`${file}.media`, wholeId)).mode & 0o777).toBe(0o600);
    // A second backup to the same name is refused before anything is copied.
    const again = await cli({ DATA_DIR: server.dataDir }, "backup", file);
    expect(again.code).toBe(1);

    // Restored as docs/operations.md says: the database, then the media folder, the server stopped.
    const restoredDir = await mkdtemp(path.join(tmpdir(), "reelsmith-restored-"));
    copyFileSync(file, path.join(restoredDir, "reelsmith.db"));
    await cp(`${file}.media`, path.join(restoredDir, "media"), { recursive: true });
    const restored = await startTestServer({
      DATA_DIR: restoredDir,
      PUBLIC_SITE_URL: "http://localhost:3000",
    });
    onTestFinished(() => restored.stop());
    const stored = async (id: string) =>
      sha256(await readFile(path.join(restoredDir, "media", id)));
    expect(await stored(wholeId)).toBe(sha256(whole));
    // The partial upload goes on from where the copy stopped, on the restored server.
    const head = await fetch(`${restored.url}/portal/uploads/${partialId}`, {
      method: "HEAD",
      headers: tus(restored.url),
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(400_000);
    const rest = await fetch(`${restored.url}/portal/uploads/${partialId}`, {
      method: "PATCH",
      headers: {
        ...tus(restored.url),
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": String(offset),
      },
      body: new Uint8Array(partial.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    expect(await stored(partialId)).toBe(sha256(partial));
  });

  it("never replaces a file, and says how to call it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-backup-"));
    const existing = path.join(dataDir, "kept.db");
    copyFileSync(import.meta.filename, existing);
    const refused = await cli({ DATA_DIR: dataDir }, "backup", existing);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: ${existing} already exists; a backup never replaces a file\n`,
    );
    expect(readFileSync(existing, "utf8")).toBe(readFileSync(import.meta.filename, "utf8"));
    // The live database itself is a file that exists.
    const live = path.join(dataDir, "reelsmith.db");
    expect((await cli({ DATA_DIR: dataDir }, "backup", live)).code).toBe(1);

    const missing = await cli({ DATA_DIR: dataDir }, "backup");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: backup needs exactly one FILE");
    expect(missing.stderr).toContain("backup FILE");
    const nowhere = await cli({ DATA_DIR: dataDir }, "backup", "/nonexistent/dir/x.db");
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/^error: cannot write in \/nonexistent\/dir/);
    expect(existsSync("/nonexistent/dir/x.db")).toBe(false);
  });

  it("on PostgreSQL, names pg_dump instead (without connecting)", async () => {
    // Nothing listens on port 1: the advice comes without trying to connect.
    const answer = await cli(
      { DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/reelsmith" },
      "backup",
      "x.db",
    );
    expect(answer.code).toBe(1);
    expect(answer.stdout).toBe("");
    expect(answer.stderr).toContain("this server uses PostgreSQL (DATABASE_URL)");
    expect(answer.stderr).toContain(
      'pg_dump --format=custom --file=reelsmith-$(date +%F).dump "$DATABASE_URL"',
    );
    expect(answer.stderr).not.toContain("secret");
  });
});
