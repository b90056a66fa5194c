import { execFile } from "node:child_process";
import path from "node:path";

const cliPath = path.join(import.meta.dirname, "..", "cli", "cli.ts");

/** Runs `npm run applications -- …` (node server/cli/cli.ts applications) as the operator would. */
export function cli(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [cliPath, "submissions", ...args],
      { env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
