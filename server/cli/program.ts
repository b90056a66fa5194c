import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";
import { type DatabaseHandle, openMigratedDatabase } from "../db/database.ts";
import { UsageError } from "./arguments.ts";

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The options a command was given (parseArgs's values; every one a string). */
export type Options = Record<string, string | undefined>;

/** What a command does once its arguments are checked; resolves with the exit code. */
export type Run = (database: DatabaseHandle, io: Output, config: Config) => Promise<number>;

export interface Command {
  /** Its positional arguments, by name (`ID`, `EMAIL`): exactly these many. */
  args?: readonly string[];
  /** The options it takes (of its program's). */
  options?: readonly string[];
  /** Checks the arguments (a bad one throws UsageError) and returns what to run. */
  check(args: readonly string[], options: Options): Run;
  /** Why it cannot run with this configuration, before any database is opened. */
  refuse?(config: Config): string | undefined;
}

/** One command line: `npm run <name> -- <command> [args] [--options]`. */
export interface Program {
  name: string;
  usage: string;
  /** Every option its commands take (all strings: `--limit 5`, `--format csv`). */
  options: readonly string[];
  commands: Record<string, Command>;
}

/** Checks a command line against a program (no database yet); returns what to run. */
export function commandOf(program: Program, argv: readonly string[]) {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(program.options.map((name) => [name, { type: "string" }])),
  });
  const [name, ...args] = positionals;
  if (!name) throw new UsageError("a command is required");
  const command = program.commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const wanted = command.args ?? [];
  if (args.length !== wanted.length) {
    throw new UsageError(
      wanted.length ? `${name} needs exactly one ${wanted[0]}` : `${name} takes no arguments`,
    );
  }
  const options = values as Options;
  for (const [option, value] of Object.entries(options)) {
    if (value !== undefined && !command.options?.includes(option)) {
      throw new UsageError(`--${option} does not apply to ${name}`);
    }
  }
  return { command, run: command.check(args, options) };
}

/**
 * Runs a command line to its exit code, the one rule of every command line here: 0 done,
 * 1 failed (not found, database unreachable), 2 bad arguments (with the usage). The
 * arguments are checked before the database, the server's own (DATABASE_URL or DATA_DIR), is
 * opened.
 */
export async function runProgram(
  program: Program,
  argv: readonly string[],
  io: Output,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(program.usage);
    return 0;
  }
  try {
    const { command, run } = commandOf(program, argv);
    const config = loadConfig(env);
    const refusal = command.refuse?.(config);
    if (refusal) {
      io.err(refusal);
      return 1;
    }
    const database = await openMigratedDatabase(config);
    try {
      return await run(database, io, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const badArguments =
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    io.err(`error: ${message}\n`);
    if (badArguments) io.err(`\n${program.usage}`);
    return badArguments ? 2 : 1;
  }
}
