import { team } from "~/content/team";
import { ownEntry } from "~/shared/own-entry";
import { fill } from "~/shared/text";

const copy = team.application.deliveryErrors;

/** The emails that go to the applicant: their mail server is the one that refuses. */
const applicantKinds = new Set(["applicant_confirmation", "reply_email"]);

/** Whose server refused a delivery of `kind`: the applicant's, the team's, or a service's. */
function whoOf(kind: string): string {
  if (applicantKinds.has(kind)) return copy.who.applicant;
  return kind === "team_notification" || kind.endsWith("_email") ? copy.who.team : copy.who.service;
}

/**
 * The SMTP reply in an error line: its basic code (550) and enhanced status code (5.1.1) when
 * the server gave one ("550 5.1.1 <x@y>: Recipient address rejected").
 */
export function smtpCodes(line: string): { basic?: string; enhanced?: string } {
  const enhanced = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(line);
  const basic = /(?:^|[\s:])([45]\d\d)(?=[\s-])/.exec(line);
  return {
    basic: basic?.[1],
    enhanced: enhanced ? `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}` : undefined,
  };
}

/** Why, from the codes: the exact enhanced code, else its class and subject (5.7), else 5 / 4. */
function reasonOf(codes: { basic?: string; enhanced?: string }): string | undefined {
  const { enhanced, basic } = codes;
  if (enhanced) {
    const [klass, subject] = enhanced.split(".");
    return (
      ownEntry<string>(copy.reasons, enhanced) ??
      ownEntry<string>(copy.reasons, `${klass}.${subject}`) ??
      ownEntry<string>(copy.reasons, klass ?? "")
    );
  }
  if (basic === "550" || basic === "551" || basic === "553") return copy.reasons["5.1.3"];
  if (basic === "552") return copy.reasons["5.2.2"];
  return basic ? ownEntry<string>(copy.reasons, basic.slice(0, 1)) : undefined;
}

/**
 * A delivery's last error as a sentence a member can act on: "The applicant's mail server
 * refused the message: the address does not exist." for "550 5.1.1 …"; from the error's class
 * when the line holds no SMTP reply ("The receiving domain could not be found."). The raw line
 * stays available beneath it, folded.
 */
export function deliveryErrorSentence(delivery: {
  kind: string;
  lastError: string | null;
  errorClass: string | null;
}): string | undefined {
  if (!delivery.lastError && !delivery.errorClass) return undefined;
  const reason = delivery.lastError ? reasonOf(smtpCodes(delivery.lastError)) : undefined;
  if (reason) return fill(copy.refused, { who: whoOf(delivery.kind), reason });
  return ownEntry<string>(copy.classes, delivery.errorClass ?? "") ?? copy.classes.other;
}

/**
 * The applicant's address bounced: their confirmation (or a reply of ours) failed for good,
 * refused by their mail server. A reply to the same address would bounce too.
 */
export function bouncedEmail(
  deliveries: readonly {
    kind: string;
    status: string;
    lastError: string | null;
    errorClass: string | null;
  }[],
): "confirmation" | "reply" | undefined {
  const bounced = (kind: string) =>
    deliveries.some(
      (delivery) =>
        delivery.kind === kind &&
        delivery.status === "failed" &&
        (delivery.errorClass === "smtp_refused" ||
          smtpCodes(delivery.lastError ?? "").enhanced?.startsWith("5.") === true),
    );
  if (bounced("applicant_confirmation")) return "confirmation";
  return bounced("reply_email") ? "reply" : undefined;
}
