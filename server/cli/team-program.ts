import { printable } from "#app/shared/text.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { adminCount, settingsOf, settingsUpsert } from "../db/member-settings.ts";
import { addMember, awayUpdate, findMember, listMembers, removeMember } from "../db/members.ts";
import { parseEmail } from "./arguments.ts";
import type { Command, Output, Program } from "./program.ts";
import { table } from "./table.ts";

/** An address as the members' table keeps it, for what the command prints. */
const shown = (email: string) => printable(email.toLowerCase());

/** A command on one member, named by their address (`add EMAIL`). */
const emailCommand = (
  run: (database: DatabaseHandle, io: Output, email: string) => Promise<number>,
): Command => ({
  args: ["EMAIL"],
  check: ([address]) => {
    const email = parseEmail(address);
    return (database, io) => run(database, io, email);
  },
});

/** A command on one member who must exist: "EMAIL is not a member." (exit 1) when not. */
const memberCommand = (
  run: (database: DatabaseHandle, io: Output, email: string, memberId: string) => Promise<number>,
): Command =>
  emailCommand(async (database, io, email) => {
    const member = await findMember(database, email);
    if (!member) {
      io.err(`${shown(email)} is not a member.\n`);
      return 1;
    }
    return run(database, io, email, member.id);
  });

/** `away EMAIL` / `available EMAIL`: what the team's top bar sets, from the command line. */
const availability = (away: boolean) =>
  memberCommand(async (database, io, email, memberId) => {
    await database.write(awayUpdate(database, memberId, away));
    io.out(
      away
        ? `${shown(email)} is away: new applications go to the others.\n`
        : `${shown(email)} is available: new applications come to them in turn.\n`,
    );
    return 0;
  });

/** `admin EMAIL` / `member EMAIL`: who may manage the team on /team/settings. */
const role = (admin: boolean) =>
  memberCommand(async (database, io, email, memberId) => {
    const was = (await settingsOf(database.db, memberId)).isAdmin;
    if (!admin && was && (await adminCount(database.db)) <= 1) {
      io.err(`${shown(email)} is the last admin: make someone else admin first.\n`);
      return 1;
    }
    await database.write(settingsUpsert(database.db, memberId, { isAdmin: admin }));
    io.out(
      admin
        ? `${shown(email)} is an admin: they add and remove members on /team/settings.\n`
        : `${shown(email)} is a member (not an admin).\n`,
    );
    return 0;
  });

/** `npm run team -- <command>`: who may sign in to /team. */
export const teamProgram: Program = {
  name: "team",
  usage: `Usage: npm run team -- <command>

Commands:
  add EMAIL       make EMAIL a team member (they sign in at /team/sign-in);
                  the first member of a team without an admin becomes its admin
  remove EMAIL    remove a member and end their sessions at once
  list            every member, with their role, passkeys and availability
  admin EMAIL     EMAIL may add and remove members on /team/settings
  member EMAIL    EMAIL is no longer an admin (the last admin stays one)
  away EMAIL      new applications skip EMAIL until they are available again
  available EMAIL EMAIL takes new applications in turn again

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`,
  options: [],
  commands: {
    add: emailCommand(async (database, io, email) => {
      const added = await addMember(database, email);
      io.out(
        added
          ? `Added ${shown(email)}: they can sign in at /team/sign-in.\n`
          : `${shown(email)} is already a member.\n`,
      );
      return 0;
    }),
    remove: emailCommand(async (database, io, email) => {
      const removed = await removeMember(database, email);
      if (!removed) {
        io.err(`${shown(email)} is not a member.\n`);
        return 1;
      }
      const sessions = removed.sessions === 1 ? "1 session" : `${removed.sessions} sessions`;
      io.out(`Removed ${shown(email)} and ended ${sessions}.\n`);
      return 0;
    }),
    list: { check: () => list },
    away: availability(true),
    available: availability(false),
    admin: role(true),
    member: role(false),
  },
};

async function list(database: DatabaseHandle, io: Output): Promise<number> {
  const members = await listMembers(database);
  if (members.length === 0) {
    io.out("No members yet. Add one: npm run team -- add EMAIL\n");
    return 0;
  }
  io.out(
    table(
      ["Email", "Role", "Passkeys", "Availability"],
      members.map((member) => [
        member.email,
        member.isAdmin ? "Admin" : "Member",
        String(member.passkeys),
        member.away ? "Away" : "Available",
      ]),
      60,
    ),
  );
  return 0;
}
