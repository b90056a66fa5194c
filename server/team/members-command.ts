import { printable } from "#app/shared/text.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { table } from "../export/export-format.ts";
import { addMember, listMembers, removeMember } from "./members.ts";

export const teamUsage = `Usage: npm run team -- <command>

Commands:
  add EMAIL       make EMAIL a team member (they sign in at /team/sign-in)
  remove EMAIL    remove a member and end their sessions at once
  list            every member, with their passkeys

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`;

export class TeamUsageError extends Error {}

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the arguments before any database is opened; returns what to run. */
export function teamCommand(
  args: string[],
): (database: DatabaseHandle, io: Output) => Promise<number> {
  const [command, address, ...rest] = args;
  if (!command) throw new TeamUsageError("a command is required");
  if (command === "list") {
    if (address !== undefined) throw new TeamUsageError("list takes no arguments");
    return list;
  }
  if (command !== "add" && command !== "remove") {
    throw new TeamUsageError(`unknown command "${command}"`);
  }
  if (!address || rest.length > 0) throw new TeamUsageError(`${command} needs exactly one EMAIL`);
  if (!email.test(address.trim())) throw new TeamUsageError(`"${address}" is not an email address`);
  const shown = printable(address.trim().toLowerCase());
  if (command === "add") {
    return async (database, io) => {
      const added = await addMember(database, address);
      io.out(
        added
          ? `Added ${shown}: they can sign in at /team/sign-in.\n`
          : `${shown} is already a member.\n`,
      );
      return 0;
    };
  }
  return async (database, io) => {
    const removed = await removeMember(database, address);
    if (!removed) {
      io.err(`${shown} is not a member.\n`);
      return 1;
    }
    const sessions = removed.sessions === 1 ? "1 session" : `${removed.sessions} sessions`;
    io.out(`Removed ${shown} and ended ${sessions}.\n`);
    return 0;
  };
}

async function list(database: DatabaseHandle, io: Output): Promise<number> {
  const members = await listMembers(database);
  if (members.length === 0) {
    io.out("No members yet. Add one: npm run team -- add EMAIL\n");
    return 0;
  }
  io.out(
    table(
      ["Email", "Passkeys"],
      members.map((member) => [member.email, String(member.passkeys)]),
      60,
    ),
  );
  return 0;
}
