import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../dialect.ts";

/** How a session token is stored: server/team/link-token.ts's hashToken (a test holds them equal). */
export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Migration 0006_hashed_session_tokens. */
export function migration0006(_dialect: Dialect): Migration {
  return {
    // The team's session tokens are stored as their SHA-256 from now on (server/team/
    // hashed-session-tokens.ts, decision 0058): the sessions open at the upgrade are hashed
    // here, so nobody is signed out by it.
    // biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
    async up(db: Kysely<any>) {
      const sessions = await db.selectFrom("team_sessions").select(["id", "token"]).execute();
      for (const { id, token } of sessions as { id: string; token: string }[]) {
        await db
          .updateTable("team_sessions")
          .set({ token: sessionTokenHash(token) })
          .where("id", "=", id)
          .execute();
      }
    },
  };
}
