import { spawn } from "node:child_process";
import { setPriority } from "node:os";

/** How a tool's run ended when it did not succeed. */
export type ToolFailure =
  | { ok: false; why: "timeout"; stderr: string }
  | { ok: false; why: "output"; stderr: string }
  | { ok: false; why: "exit"; code: number | null; stderr: string }
  | { ok: false; why: "spawn"; message: string }
  | { ok: false; why: "aborted" };

export type ToolResult = { ok: true; stdout: string } | ToolFailure;

/**
 * Runs ffprobe or ffmpeg (`command` with `args`, no shell, no stdin) at a lower priority than
 * the server, killed (SIGKILL) when it runs longer than `timeoutMs` (Node's own spawn timeout:
 * no timer of ours), when it prints more than `maxOutputBytes` on stdout, or when `signal`
 * aborts. Only the last 4 KB of stderr are kept. Never throws.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { timeoutMs: number; maxOutputBytes: number; signal?: AbortSignal },
): Promise<ToolResult> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ ok: false, why: "aborted" });
      return;
    }
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs,
      killSignal: "SIGKILL",
      signal: options.signal,
    });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): it runs at the server's priority.
      }
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let tooMuch = false;
    let stderr = "";
    let spawnError: Error | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > options.maxOutputBytes) {
        tooMuch = true;
        child.kill("SIGKILL");
        return;
      }
      out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4096);
    });
    child.on("error", (error) => {
      spawnError = error;
      // Never started (not found): no close may follow.
      if (child.pid === undefined && !options.signal?.aborted) {
        resolve({ ok: false, why: "spawn", message: error.message });
      }
    });
    child.on("close", (code, signal) => {
      if (options.signal?.aborted) resolve({ ok: false, why: "aborted" });
      else if (tooMuch) resolve({ ok: false, why: "output", stderr });
      else if (spawnError && child.pid === undefined) {
        resolve({ ok: false, why: "spawn", message: spawnError.message });
      } else if (child.killed && signal === "SIGKILL") {
        // Killed by us, neither for its output nor on abort: by spawn's timeout.
        resolve({ ok: false, why: "timeout", stderr });
      } else if (code === 0) resolve({ ok: true, stdout: Buffer.concat(out).toString("utf8") });
      else resolve({ ok: false, why: "exit", code, stderr });
    });
  });
}
