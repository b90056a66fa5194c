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
 * header says (the topmost one), or "none"; DKIM is ours (it needs no address). DNS lookups go
 * through `resolver` (tests give a local one). At most `timeoutMs`, then "temperror": a slow
 * DNS must not hold a message back.
 */
export async function authenticationOf(
  raw: Buffer,
  options: {
    client?: SmtpClient;
    sender?: string;
    resolver?: DNSResolver;
    mta: string;
    timeoutMs?: number;
  },
): Promise<AuthResults> {
  const { client, timeoutMs = 10_000 } = options;
  try {
    const checked = await within(
      authenticate(raw, {
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
    const provider = providerResults(raw);
    return { spf: provider.spf ?? "none", dkim, dmarc: provider.dmarc ?? "none" };
  } catch {
    return { spf: "temperror", dkim: "temperror", dmarc: "temperror" };
  }
}

/** "pass" when a signature passes, else the first one's result, else "none". */
function dkimOf(checked: AuthenticateResult): string {
  const results = checked.dkim?.results ?? [];
  if (results.some((row) => row.status?.result === "pass")) return "pass";
  return result(results[0]?.status?.result);
}

/** SPF and DMARC as the topmost Authentication-Results header states them (a provider's). */
export function providerResults(raw: Buffer): { spf?: string; dmarc?: string } {
  const head = raw.subarray(0, 256 * 1024).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  const lines = (end === -1 ? head : head.slice(0, end))
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/);
  const header = lines.find((line) => /^authentication-results:/i.test(line));
  if (!header) return {};
  const of = (method: string) =>
    new RegExp(`[;\\s]${method}=([a-z]+)`, "i").exec(header)?.[1]?.toLowerCase();
  return { spf: of("spf"), dmarc: of("dmarc") };
}
