/**
 * Mail no person wrote: out-of-office replies, bounces, read receipts, list mail (decision
 * 0063). It is kept and shown, marked automatic, and never becomes a New reply nor a notice, so
 * an autoresponder cannot ping the owner nor talk to our own replies in a loop.
 */

/** A header as mailparser keeps it: its name in lower case, and the whole line as received. */
export interface HeaderLine {
  key: string;
  line: string;
}

/** A header's value: the text after its name and colon, unfolded, trimmed. */
function headerValue(header: HeaderLine): string {
  return header.line
    .slice(header.line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

/**
 * True when a message's headers say a machine sent it (RFC 3834 and the long-standing
 * conventions): `Auto-Submitted` other than `no`; `X-Autoreply` or `X-Autorespond`;
 * `Precedence: bulk`, `auto_reply`, `list` or `junk`; a report (`multipart/report`: a
 * delivery-status bounce, a read receipt); a `Return-Path` of `<>` (the null sender, as a
 * provider records it).
 */
export function automaticByHeaders(headers: readonly HeaderLine[]): boolean {
  return headers.some((header) => {
    const value = headerValue(header).toLowerCase();
    switch (header.key.toLowerCase()) {
      case "auto-submitted":
        return value.split(/[;\s(]/, 1)[0] !== "no";
      case "x-autoreply":
      case "x-autorespond":
        return value !== "no";
      case "precedence":
        return ["bulk", "auto_reply", "list", "junk"].includes(value);
      case "content-type":
        return /^multipart\/report\b/.test(value);
      case "return-path":
        return value === "<>";
      default:
        return false;
    }
  });
}

/**
 * True when the sender is a mail system's: the null envelope sender (`MAIL FROM:<>`, which
 * bounces are sent with) or a From of MAILER-DAEMON.
 */
export function automaticBySender(envelopeFrom: string | undefined, from: string): boolean {
  if (envelopeFrom !== undefined && envelopeFrom.trim().replace(/^<|>$/g, "") === "") return true;
  return /^mailer-daemon@/i.test(from.trim());
}
