import type { Config } from "../config.ts";

/**
 * The origin the team's pages are served at, and whether their cookies are Secure. One place
 * for both: today they follow PUBLIC_SITE_URL (and TRUST_PROXY, through `config.https`); when
 * the server learns the public protocol and host of each request behind a trusted proxy, this
 * is the function that changes.
 */
export function teamOrigin(config: Pick<Config, "PUBLIC_SITE_URL">): string {
  return new URL(config.PUBLIC_SITE_URL).origin;
}

export function secureCookies(config: Pick<Config, "https">): boolean {
  return config.https;
}
