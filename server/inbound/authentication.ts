import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { type AuthenticateResult, authenticate, type DNSResolver } from "mailauth";
import { within } from "../waiting/within.ts";

/** SPF, DKIM and DMARC of a message that came in: "pass", "fail", "none", "temperror"… */
export interface AuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
}

/** Who handed the message over, when it came by SMTP (the connection's address, its EHLO). */
export interface SmtpClient {
  ip?: string;
  helo?: string;
}

const result = (value: unknown) =>
  typeof value === "string" && /^[a-z]{1,20}$/.test(value) ? value : "none";

/**
 * Checks a message with mailauth. By SMTP, all three on our own: SPF of the connection's
 * address for the envelope sender, DKIM signatures, DMARC. Over HTTP the client is the mail
 * provider, not the sender, so SPF and DMARC are what the provider's own Authentication-Results
 * header says (the topmost one of `authservId`, INBOUND_AUTHSERV_ID), or "none" without one: a
 * sender writes what headers it likes; DKIM is ours (it needs no address). DNS lookups go
 * through `resolver` (tests give a local one). At most `timeoutMs`, then "temperror": a slow
 * DNS must not hold a message back. `message`: its bytes, or its file (read as a stream: mailauth
 * hashes the body as it reads, never holding it whole).
 */
export async function authenticationOf(
  message: Buffer | { file: string },
  options: {
    client?: SmtpClient;
    sender?: string;
    resolver?: DNSResolver;
    mta: string;
    timeoutMs?: number;
    /** The provider's authserv-id (INBOUND_AUTHSERV_ID); unset: nothing is read from headers. */
    authservId?: string;
  },
): Promise<AuthResults> {
  const { client, timeoutMs = 10_000 } = options;
  try {
    const checked = await within(
      authenticate(Buffer.isBuffer(message) ? message : createReadStream(message.file), {
        ip: client?.ip,
        helo: client?.helo,
        sender: options.sender,
        resolver: options.resolver,
        mta: options.mta,
        disableArc: true,
        disableBimi: true,
      }),
      timeoutMs,
    );
    if (checked === "late") return { spf: "temperror", dkim: "temperror", dmarc: "temperror" };
    const dkim = dkimOf(checked);
    if (client?.ip) {
      return {
        spf: checked.spf ? result(checked.spf.status.result) : "none",
        dkim,
        dmarc: checked.dmarc ? result(checked.dmarc.status.result) : "none",
      };
    }
    const provider = options.authservId
      ? providerResults(await headOf(message), options.authservId)
      : {};
    return { spf: provider.spf ?? "none", dkim, dmarc: provider.dmarc ?? "none" };
  } catch {
    return { spf: "temperror", dkim: "temperror", dmarc: "temperror" };
  }
}

/** The first 256 KB of a message, where its headers are (all that providerResults reads). */
async function headOf(message: Buffer | { file: string }): Promise<Buffer> {
  if (Buffer.isBuffer(message)) return message;
  const handle = await open(message.file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256 * 1024), 0, 256 * 1024, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** "pass" when a signature passes, else the first one's result, else "none". */
function dkimOf(checked: AuthenticateResult): string {
  const results = checked.dkim?.results ?? [];
  if (results.some((row) => row.status?.result === "pass")) return "pass";
  return result(results[0]?.status?.result);
}

/**
 * SPF and DMARC as the receiving provider states them: the topmost Authentication-Results
 * header whose authserv-id (its first word, RFC 8601) is `authservId`. Headers of another id,
 * or below the first of that id, are the sender's or a relay's and say nothing. (A provider
 * adds its own on top, and removes any of its id that came with the message.)
 */
export function providerResults(raw: Buffer, authservId: string): { spf?: string; dmarc?: string } {
  const head = raw.subarray(0, 256 * 1024).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  const lines = (end === -1 ? head : head.slice(0, end))
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/);
  const header = lines.find((line) => {
    const value = /^authentication-results:\s*(?:\([^)]*\)\s*)?([^\s;/]+)/i.exec(line);
    return value?.[1]?.toLowerCase() === authservId.toLowerCase();
  });
  if (!header) return {};
  const of = (method: string) =>
    new RegExp(`[;\\s]${method}=([a-z]+)`, "i").exec(header)?.[1]?.toLowerCase();
  return { spf: of("spf"), dmarc: of("dmarc") };
}
