import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { tsFiles } from "../test/imports.ts";

/**
 * Background work runs on the one poller (background/poller.ts) as a job listed in the
 * composition root (background/job.ts): nothing else in the server starts a timer of its own
 * to come back to work later. A timer is allowed only for a deadline or a pause within one
 * piece of work, each file listed here with why; a new one fails this test until it is a job,
 * or listed with its reason.
 */
const allowed: Record<string, string> = {
  "background/poller.ts": "the one poller every background job runs on",
  "delivery/send-pool.ts": "a pause between a send's attempts, ended at once on stop",
  "http/close-unread-bodies.ts": "how long a connection may linger once its answer went",
  "inbound/smtp-conversation.ts": "an SMTP session's idle timeout (the socket's own)",
  "inbound/smtp-listener.ts": "an SMTP session's deadline",
  "waiting/within.ts": "a deadline on one promise (health checks, shutdown)",
  "visits/start-visits.ts": "how long /onboarding waits for its beacon token",
  "db/empty-wal.ts": "the CLI's erase waits for the -wal in the foreground",
  "serve.ts": "the forced exit when a stop hangs",
};

const serverDir = path.resolve(import.meta.dirname, "..");
/** setTimeout/setInterval (a socket's too), and timers/promises (a sleep, setInterval's loop). */
const timer =
  /\b(setTimeout|setInterval)\s*\(|["']node:timers\/promises["']|["']timers\/promises["']/;

/** The server's product files (not tests, not the tests' helpers) that start a timer. */
function filesWithTimers(dir: string): string[] {
  return tsFiles(dir)
    .map((file) => path.relative(dir, file).split(path.sep).join("/"))
    .filter((file) => !file.endsWith(".test.ts") && !file.startsWith("test/"))
    .filter((file) => timer.test(readFileSync(path.join(dir, file), "utf8")))
    .sort();
}

it("starts no timer for background work outside the poller", () => {
  const found = filesWithTimers(serverDir);
  expect(found.filter((file) => !(file in allowed))).toEqual([]);
  // No file listed that has no timer any more (the list says what is there).
  expect(Object.keys(allowed).sort()).toEqual(found);
});

it("uses no setInterval at all (the poller sets one timeout after each run ends)", () => {
  const intervals = filesWithTimers(serverDir).filter((file) =>
    /\bsetInterval\s*\(|import\s*\{[^}]*setInterval/.test(
      readFileSync(path.join(serverDir, file), "utf8"),
    ),
  );
  expect(intervals).toEqual([]);
});

it("sees a timer when there is one", () => {
  expect(timer.test("const id = setInterval(flush, 5000);")).toBe(true);
  expect(timer.test('import { setTimeout as sleep } from "node:timers/promises";')).toBe(true);
  expect(timer.test("socket.setTimeout(15_000, close);")).toBe(true);
  expect(timer.test("const intervalMs = 5000; // setImmediate(run)")).toBe(false);
});
