import { execFileSync, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, waitFor } from "../../server/test/wait.ts";
import { expect, test } from "./helpers/page-health.ts";

// What an operator reads when something breaks: one JSON line per error, with the request id
// the visitor's answer carries, and nothing else; the visitor gets no stack and no SQL.
test.skip(({ isMobile }) => isMobile, "once is enough: the desktop project");

const root = path.resolve(import.meta.dirname, "../..");
/** A line of a stack trace as Node prints it ("    at fn (file:///…:12:5)"). */
const stackLine = /^\s+at .+(:\d+:\d+\)?|<anonymous>\)?)$/m;

/** The built server (node server/serve.ts) in a child process; its stdout and stderr, apart. */
async function startServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-e2e-errors-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server/serve.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.push(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = () => stdout.join("").split("\n").filter(Boolean);
  return {
    url: `http://127.0.0.1:${port}`,
    database: path.join(dataDir, "reelsmith.db"),
    exited,
    lines,
    stderr: () => stderr.join(""),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

test("an error in a page's loader: one JSON line with the request id; no stack anywhere", async () => {
  const server = await startServer();
  try {
    await waitFor(
      () =>
        fetch(`${server.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      {
        timeoutMs: 30_000,
        what: "the server",
      },
    );
    // A table the sign-in link's page reads is gone (dropped by hand, a broken restore…).
    execFileSync("sqlite3", [server.database, "drop table team_verifications;"]);

    for (const page of ["/team/sign-in/link?token=abc", "/team/sign-in/link.data?token=abc"]) {
      const answer = await fetch(`${server.url}${page}`);
      const requestId = answer.headers.get("x-request-id") ?? "";
      expect(requestId, page).not.toBe("");
      const body = await answer.text();
      expect(body, page).not.toMatch(stackLine);
      expect(body, page).not.toContain("no such table");
      expect(body, page).not.toContain("SqliteError");
      const logged = await waitFor(
        () =>
          server
            .lines()
            .map((line) => JSON.parse(line) as { level: string; reqId?: string; err?: object })
            .filter((line) => line.reqId === requestId && line.level === "error"),
        { what: `the error line of ${page}`, timeoutMs: 5000 },
      );
      expect(logged, page).toHaveLength(1);
      expect(JSON.stringify(logged[0]?.err), page).toContain("no such table: team_verifications");
    }
    for (const line of server.lines()) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.stderr()).not.toMatch(stackLine);
  } finally {
    await server.stop();
  }
});

test("a server that cannot start says why in one JSON line, without a stack on stderr", async () => {
  const server = await startServer({ PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  const lines = server.lines().map((line) => JSON.parse(line) as { level: string; msg: string });
  expect(lines).toEqual([
    expect.objectContaining({ level: "fatal", msg: expect.stringContaining("PORT") }),
  ]);
  expect(server.stderr()).toBe("");
});
