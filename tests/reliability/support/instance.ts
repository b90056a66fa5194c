import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { intakePath } from "#app/shared/paths.ts";
import { freePort, sleep } from "../../../server/test/wait.ts";

const root = path.resolve(import.meta.dirname, "../../..");
/** Data directories made here, removed after the test file (its servers are stopped by then). */
const madeDirectories: string[] = [];
afterAll(async () => {
  await Promise.all(
    madeDirectories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

export interface Instance {
  url: string;
  endpoint: string;
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  /** Every line the process wrote to stdout and stderr (pino's JSON lines), in order. */
  output: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** `kill -9`: no clean-up at all, as in a crash or an OOM kill. */
  crash(): Promise<void>;
  /** SIGTERM: the server's own clean stop. */
  stop(): Promise<void>;
}

/**
 * The real server in a child process of its own (`node server/serve.ts`: no build, so the API
 * only), on a free port of 127.0.0.1, ready once /healthz answers. Each instance is as
 * independent as on another machine: its own process, pool, worker and writer thread.
 */
export async function startInstance(
  env: Record<string, string> = {},
  /** Another copy of the project to run (a test that builds one of its own). */
  cwd = root,
): Promise<Instance> {
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-rel-"));
    madeDirectories.push(dataDir);
  }
  const port = env.PORT || String(await freePort());
  const fullEnv: Record<string, string> = {
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    BUILD_DIR: path.join(dataDir, "no-build"),
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_HOUR: "0",
    DATABASE_URL: "",
    DELIVERY_POLL_MS: "200",
    // Instances on one PostgreSQL database share the hashing key, as deployed (decision 0066):
    // each has a DATA_DIR of its own, so no key file could be theirs in common.
    ...(env.DATABASE_URL ? { IP_HASH_SECRET: "reliability-instances-share-this-key" } : {}),
    ...env,
    PORT: port,
    DATA_DIR: dataDir,
  };
  const child = spawn(process.execPath, ["server/serve.ts"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...fullEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      output.push(...lines);
    });
  }
  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      running = false;
      resolve(code ?? signal ?? "unknown");
    });
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, output);
  return {
    url,
    endpoint: `${url}${intakePath}`,
    pid: child.pid ?? 0,
    dataDir,
    env: fullEnv,
    output,
    exited,
    alive: () => running,
    crash: async () => {
      if (running) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (running) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy at ${url}:\n${output.slice(-20).join("\n")}`);
}

/**
 * The instance started again after a crash: the same configuration and data directory on a new
 * port, added to `instances` (so the suite stops it).
 */
export async function restartInstance(victim: Instance, instances: Instance[]): Promise<Instance> {
  const again = await startInstance({ ...victim.env, PORT: "" });
  instances.push(again);
  return again;
}
