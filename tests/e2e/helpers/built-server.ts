import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../../server/test/wait.ts";

const root = path.resolve(import.meta.dirname, "../../..");

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What it wrote to stdout (JSON lines), and to stderr; empty when `inherit`. */
  stdout: () => string;
  stderr: () => string;
  /** Ends it (SIGTERM, if it still runs), waits for its exit, removes its DATA_DIR. */
  stop: () => Promise<void>;
}

/**
 * The built server (node server/serve.ts, BUILD_DIR or `build`) in a child process of its own,
 * on a free port of 127.0.0.1, with a fresh DATA_DIR; `env` adds settings. Its output is kept
 * (`pipe`) or shown with the test's (`inherit`). Not waited for: see untilHealthy.
 */
export async function spawnBuiltServer(
  env: Record<string, string>,
  output: "pipe" | "inherit" = "pipe",
): Promise<BuiltServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-e2e-server-"));
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
    stdio: ["ignore", output, output],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => stdout.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    exited,
    stdout: () => stdout.join(""),
    stderr: () => stderr.join(""),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until /healthz answers (60 s at most); throws if the server exits or never does. */
export async function untilHealthy(server: BuiltServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}`);
    const healthy = await fetch(`${server.url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill("SIGKILL");
  throw new Error("server did not become healthy");
}
