import { execFileSync } from "node:child_process";
import path from "node:path";
import { waitFor } from "../../server/test/wait.ts";
import { spawnBuiltServer } from "./helpers/built-server.ts";
import { expect, test } from "./helpers/page-health.ts";

// What an operator reads when something breaks: one JSON line per error, with the request id
// the visitor's answer carries, and nothing else; the visitor gets no stack and no SQL.
test.skip(({ isMobile }) => isMobile, "once is enough: the desktop project");

/** A line of a stack trace as Node prints it ("    at fn (file:///…:12:5)"). */
const stackLine = /^\s+at .+(:\d+:\d+\)?|<anonymous>\)?)$/m;

/** The built server; its log lines and what it wrote to stderr. */
async function startServer(env: Record<string, string> = {}) {
  const server = await spawnBuiltServer(env);
  return {
    url: server.url,
    database: path.join(server.dataDir, "reelsmith.db"),
    exited: server.exited,
    lines: () => server.stdout().split("\n").filter(Boolean),
    stderr: server.stderr,
    stop: server.stop,
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
  await server.stop(); // its data directory
});
