import { parseArgs } from "node:util";
import { UsageError, usage } from "./cli/arguments.ts";
import { runCommand } from "./cli/commands.ts";

// `npm run submissions -- <command>`: the operator's view of the stored applications.
// Exit codes: 0 done, 1 failed (not found, database unreachable), 2 bad arguments.
const args = process.argv.slice(2);
try {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string" },
      since: { type: "string" },
      email: { type: "string" },
      limit: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
  } else {
    process.exitCode = await runCommand(positionals, values, {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const badArguments =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(`error: ${message}\n`);
  if (badArguments) process.stderr.write(`\n${usage}`);
  process.exitCode = badArguments ? 2 : 1;
}
