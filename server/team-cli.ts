import { loadConfig } from "./config.ts";
import { openMigratedDatabase } from "./db/database.ts";
import { TeamUsageError, teamCommand, teamUsage } from "./team/members-command.ts";

// `npm run team -- add EMAIL | remove EMAIL | list`: who may sign in to /team.
// Exit codes: 0 done, 1 failed (no such member, database unreachable), 2 bad arguments.
const args = process.argv.slice(2);
try {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(teamUsage);
  } else {
    const run = teamCommand(args);
    const database = await openMigratedDatabase(loadConfig(process.env));
    try {
      process.exitCode = await run(database, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      });
    } finally {
      await database.close();
    }
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${message}\n`);
  if (error instanceof TeamUsageError) process.stderr.write(`\n${teamUsage}`);
  process.exitCode = error instanceof TeamUsageError ? 2 : 1;
}
