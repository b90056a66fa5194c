import { createHash, randomBytes } from "node:crypto";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { SendMailOptions } from "nodemailer";
import { createElement as h } from "react";
import { portal } from "#app/content/portal.ts";
import { portalPaths } from "#app/shared/paths.ts";
import { styles } from "./email-styles.ts";
import { renderEmail, toPlainText } from "./render-email.ts";

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
  const copy = portal.emails[which];
  const html = renderEmail(
    h(
      Html,
      { lang: "en" },
      h(Head),
      h(Preview, null, copy.body),
      h(
        Body,
        { style: styles.body },
        h(
          Container,
          { style: styles.container },
          h(Heading, { as: "h1", style: styles.heading }, copy.heading),
          h(Text, { style: styles.text }, copy.body),
          h(
            Section,
            { style: styles.action },
            h(Link, { href: link, style: styles.button }, copy.button),
          ),
          h(Text, { style: styles.meta }, copy.ignore),
        ),
      ),
    ),
  );
  return { from, to, subject: copy.subject, html, text: toPlainText(html) };
}
