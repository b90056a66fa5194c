import type { Generated } from "kysely";

/**
 * The team's tables (0003_team), as Kysely sees them. better-auth reads and writes its own
 * tables (team_members, team_sessions, team_accounts, team_verifications, team_passkeys)
 * through its adapter; we read members and write them from the `team` command.
 */

export interface TeamMembersTable {
  id: string;
  name: string;
  email: string;
  /** better-auth's flag: a boolean on PostgreSQL, 0/1 on SQLite. */
  emailVerified: boolean | number;
  image: string | null;
  /** better-auth's dates: Date on PostgreSQL, ISO text on SQLite. */
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface TeamSessionsTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface TeamVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface TeamPasskeysTable {
  id: string;
  name: string | null;
  userId: string;
  credentialId: string;
  createdAt: Date | string | null;
}

export interface ApplicationNotesTable {
  id: string;
  submissionId: string;
  authorEmail: string;
  body: string;
  createdAt: number;
}

export interface TeamAuditLogTable {
  id: string;
  /** The application acted on (kept after it is erased: no foreign key). */
  submissionId: string | null;
  memberEmail: string;
  action: string;
  detail: string;
  createdAt: number;
}

/** Whether a member takes new applications (0007_response_promise), and when they last got one. */
/** What a member sets on /team/settings, and their role (0019_member_settings). */
export interface TeamMemberSettingsTable {
  memberId: string;
  /** Under their replies (the templates' sign-off); empty: their name and the brand. */
  signature: Generated<string>;
  /** An IANA time zone: the team's pages show times in it. */
  timeZone: Generated<string>;
  /** 1: may add and remove members and choose who is admin. */
  isAdmin: Generated<number>;
}

export interface TeamMemberAvailabilityTable {
  memberId: string;
  /** 1: Away (skipped by the round robin). */
  away: Generated<number>;
  lastAssignedAt: number | null;
}

export interface TeamTables {
  teamMembers: TeamMembersTable;
  teamSessions: TeamSessionsTable;
  teamVerifications: TeamVerificationsTable;
  teamPasskeys: TeamPasskeysTable;
  applicationNotes: ApplicationNotesTable;
  teamAuditLog: TeamAuditLogTable;
  teamMemberAvailability: TeamMemberAvailabilityTable;
  teamMemberSettings: TeamMemberSettingsTable;
}
