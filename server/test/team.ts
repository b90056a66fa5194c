import { onTestFinished } from "vitest";
import type { TeamMember } from "#app/shared/team-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { addMember, findMember } from "../db/members.ts";
import { signInEmail } from "../team/sign-in-email.ts";
import type { TeamServer } from "../team/start-team.ts";
import { migratedDatabase, type StorageBackend } from "./backends.ts";
import { type PagesPort, pagesPort, startTeamSide } from "./team-side.ts";
import { waitFor } from "./wait.ts";
import { writtenEmails } from "./written-emails.ts";

export { pagesPort };

const signInSubject = signInEmail("", "", { MAIL_FROM: "" }).subject;

export const teamSiteUrl = "http://localhost:3000";

export interface TeamFixture {
  team: TeamServer;
  database: DatabaseHandle;
  dataDir: string;
  /** The environment that reaches the same database (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** Times the delivery worker was told about new work. */
  nudges: { count: number };
  /** The first responses recorded (seconds after arrival), as the metrics hear them. */
  firstResponses: number[];
  /** Adds a member and returns them. */
  member: (email: string) => Promise<TeamMember>;
  /** What the team's routes call (every page's port), as for a request from http://localhost/. */
  port: PagesPort;
  /** The sign-in emails written so far (.eml files), parsed: recipient, subject, link token. */
  signInEmails: () => Promise<{ to: string; subject: string; token: string }[]>;
  /** The first sign-in email, once written (waits up to 10 s). */
  firstSignInEmail: () => Promise<{ to: string; subject: string; token: string }>;
}

/**
 * The team's side on a fresh database of `backend`, wired as the server wires it (the SQLite
 * writer thread, .eml files for mail), without HTTP: what the route modules call.
 */
export async function teamFixture(backend: StorageBackend): Promise<TeamFixture> {
  const { env, dataDir } = await migratedDatabase(backend);
  const nudges = { count: 0 };
  const firstResponses: number[] = [];
  const { team, database, stop } = await startTeamSide(
    { ...env, DATA_DIR: dataDir, PUBLIC_SITE_URL: teamSiteUrl, LOG_LEVEL: "silent" },
    () => {
      nudges.count += 1;
    },
    (seconds) => firstResponses.push(seconds),
  );
  onTestFinished(stop);
  return {
    team,
    database,
    dataDir,
    env,
    nudges,
    firstResponses,
    member: async (email) => {
      await addMember(database, email);
      const found = await findMember(database, email);
      if (!found) throw new Error("member not added");
      return found;
    },
    port: pagesPort(team),
    signInEmails: () => readSignInEmails(dataDir),
    firstSignInEmail: async () => {
      const [first] = await waitFor(() =>
        readSignInEmails(dataDir).then((all) => all.length && all),
      );
      if (!first) throw new Error("no sign-in email");
      return first;
    },
  };
}

/** The sign-in emails among the .eml files in `dataDir` (applications write theirs there too). */
export async function readSignInEmails(dataDir: string) {
  return (await writtenEmails(dataDir))
    .filter((email) => email.subject === signInSubject)
    .map((email) => ({
      to: email.to && !Array.isArray(email.to) ? email.to.text : "",
      subject: email.subject ?? "",
      token: /[?&]token=([\w-]+)/.exec(email.text ?? "")?.[1] ?? "",
    }));
}

/** The Cookie header a browser would send back after these Set-Cookie lines. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

/** `teamFixture` with one member added (the one who acts in the test). */
export async function teamFixtureWithMember(backend: StorageBackend, email = "maya@example.com") {
  const fixture = await teamFixture(backend);
  return { fixture, member: await fixture.member(email) };
}
