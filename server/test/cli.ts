import { execFile } from "node:child_process";
import path from "node:path";
import { commandOf, type Program } from "../cli/program.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";

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

/**
 * Runs one command line of a program in this process, on `database`: its exit code and what it
 * printed (`out`, `err`), as the terminal would show them.
 */
export async function runCommand(
  database: DatabaseHandle,
  config: Config,
  program: Program,
  ...args: string[]
) {
  const io = { out: "", err: "" };
  const sink = {
    out: (text: string) => {
      io.out += text;
    },
    err: (text: string) => {
      io.err += text;
    },
  };
  const code = await commandOf(program, args).run(database, sink, config);
  return { code, ...io };
}
