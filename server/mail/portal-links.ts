import { createHash, randomBytes } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import { portal } from "#app/content/portal.ts";
import { portalPaths } from "#app/shared/paths.ts";
import { linkEmail } from "./link-email.ts";

/**
 * The links that sign a client's person in (decision 0079): a random token of 32 bytes in the
 * link, its SHA-256 in the database. An invite's link works for 48 hours, a link asked for on
 * the sign-in page 15 minutes; each once. Shared by the delivery kind that sends the invite and
 * the portal that sends the others.
 */
export const portalLinkLifetimeMs = {
  invite: 48 * 60 * 60 * 1000,
  signIn: 15 * 60 * 1000,
} as const;

/** How a token (a link's or a session's) is stored: SHA-256, base64url. */
export function hashPortalToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A fresh token and its stored hash. */
export function newPortalToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashPortalToken(token) };
}

/** The page the link opens: it shows a "Sign in" button, whose POST alone uses the token. */
export function portalLinkUrl(publicSiteUrl: string, token: string): string {
  return `${new URL(publicSiteUrl).origin}${portalPaths.signInLink}?token=${encodeURIComponent(token)}`;
}

/** The email with the link: the invite, or a sign-in link asked for. */
export function portalLinkEmail(
  which: keyof typeof portal.emails,
  to: string,
  link: string,
  from: string,
): SendMailOptions {
  return linkEmail(portal.emails[which], { from, to, link });
}
