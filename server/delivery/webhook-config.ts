import { isLoopbackHost } from "../http/loopback-host.ts";

/** How to make a WEBHOOK_SECRET, for the message that refuses a bad one. */
export const makeSecretCommand = `node -e "console.log('whsec_' + require('node:crypto').randomBytes(32).toString('base64'))"`;

/**
 * What is wrong with WEBHOOK_URL, if anything: the applications it receives must travel
 * encrypted, so it is https; plain http only to this machine (a receiver on loopback).
 */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return "must be an https:// URL (http:// only to a loopback address such as 127.0.0.1)";
}

/**
 * What is wrong with WEBHOOK_SECRET, if anything: Standard Webhooks secrets are `whsec_` and
 * the key in base64, 24 to 64 random bytes.
 */
export function webhookSecretProblem(value: string): string | undefined {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  const bytes = match?.[1] ? Buffer.from(match[1], "base64").length : 0;
  if (bytes >= 24 && bytes <= 64) return undefined;
  return `must be whsec_ and 24 to 64 random bytes in base64 (make one: ${makeSecretCommand})`;
}
