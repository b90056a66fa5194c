import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The real server (server/serve.ts) in a child process, so the benchmark's own work does not
 * share its event loop: a fresh data directory, embedded defaults (SQLite, .eml files, no
 * webhook), a free loopback port. `env` adds or overrides settings.
 */
export async function startChildServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-bench-"));
  const child = fork(path.join(import.meta.dirname, "..", "server", "serve.ts"), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      WEBHOOK_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as { url: string }));
    child.once("exit", (code) => {
      rm(dataDir, { recursive: true, force: true }).finally(() =>
        reject(new Error(`server exited with ${code}`)),
      );
    });
  });
  return {
    url,
    dataDir,
    /** The server's process id (its memory is read from /proc by bench/uploads.ts). */
    pid: child.pid as number,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
