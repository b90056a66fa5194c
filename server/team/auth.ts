import { kyselyAdapter } from "@better-auth/kysely-adapter";
import { passkey } from "@better-auth/passkey";
import { type BetterAuthOptions, type BetterAuthPlugin, betterAuth } from "better-auth";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Kysely } from "kysely";
import { brand } from "#app/content/brand.ts";
import { teamPaths } from "#app/shared/paths.ts";
import type { Config } from "../config.ts";
import type { Dialect } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { withHashedSessionTokens } from "./hashed-session-tokens.ts";
import { hashToken } from "./link-token.ts";
import { secureCookies, teamOrigin } from "./public-origin.ts";

/** The key in the database's settings of the secret that signs the team's cookies. */
export const teamAuthSecretKey = "team_auth_secret";

/** Sign-in links work for 15 minutes. */
export const linkLifetimeSeconds = 15 * 60;
/** A session ends after 7 days without a visit (renewed at most once a day). */
export const sessionIdleSeconds = 7 * 24 * 60 * 60;

export interface AuthDeps {
  config: Pick<Config, "PUBLIC_SITE_URL" | "https">;
  logger: Logger;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Signs cookies; shared by every instance (kept in the database's settings). */
  secret: string;
  /** Called with a fresh one-time token for a member's email (never for anyone else). */
  sendLink: (email: string, token: string) => Promise<void>;
}

/**
 * better-auth, configured for the team: members are the rows of team_members (added by the
 * `team` command; nobody signs up), sign-in by a one-time emailed link (magic-link plugin, the
 * token stored hashed) or a passkey (relying party: PUBLIC_SITE_URL's host and origin), sessions
 * in the database (their tokens stored hashed too: hashed-session-tokens.ts). Its tables are made by our migration 0003_team, never by better-auth.
 */
export function createTeamAuth(deps: AuthDeps, testPlugins: BetterAuthPlugin[] = []) {
  const options = teamAuthOptions(deps);
  // The same Kysely adapter better-auth makes of `database`, with session tokens stored hashed.
  const { db, type, transaction } = options.database;
  return betterAuth({
    ...options,
    // The e2e helpers add better-auth's testUtils, which stores a session for a member by this
    // same adapter (tests/e2e/helpers/team.ts); the server never passes any.
    plugins: [...options.plugins, ...testPlugins],
    database: withHashedSessionTokens(kyselyAdapter(db, { type, transaction })),
  });
}

/** better-auth's options for the team (also what auth-schema.test.ts checks our tables against). */
export function teamAuthOptions(deps: AuthDeps) {
  const { config, logger } = deps;
  const origin = teamOrigin(config);
  return {
    appName: brand.name,
    baseURL: origin,
    basePath: teamPaths.auth,
    secret: deps.secret,
    database: { db: deps.db, type: deps.dialect, transaction: deps.dialect === "postgres" },
    user: { modelName: "team_members" },
    session: {
      modelName: "team_sessions",
      expiresIn: sessionIdleSeconds,
      updateAge: 24 * 60 * 60,
    },
    account: { modelName: "team_accounts" },
    verification: { modelName: "team_verifications" },
    trustedOrigins: [origin],
    // Our own limits (sign-in.ts) count attempts per address and per IP across instances.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: "team",
      useSecureCookies: secureCookies(config),
      // Path "/": React Router asks for /team.data, which a cookie of path /team would miss.
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { disableIpTracking: true },
    },
    logger: {
      level: "warn",
      log: (level, message) => {
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else logger.warn({ source: "better-auth" }, message);
      },
    },
    plugins: [
      magicLink({
        disableSignUp: true,
        expiresIn: linkLifetimeSeconds,
        storeToken: { type: "custom-hasher", hash: async (token) => hashToken(token) },
        sendMagicLink: ({ email, token }) => deps.sendLink(email, token),
      }),
      passkey({
        rpID: new URL(origin).hostname,
        rpName: brand.name,
        origin,
        schema: {
          passkey: { modelName: "team_passkeys", fields: { credentialID: "credentialId" } },
        },
      }),
    ],
  } satisfies BetterAuthOptions;
}

export type TeamAuth = ReturnType<typeof createTeamAuth>;
