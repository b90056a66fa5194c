/**
 * No mail to strangers: the applicant's confirmation goes to whatever address the form names,
 * so it is capped. Each address gets at most one per 24 hours (counted by an HMAC of the
 * lower-cased address, never the address), and the site sends at most CONFIRMATIONS_PER_HOUR
 * per clock hour. Above either cap the application is stored and the team notified as usual;
 * only the confirmation is stored as `skipped`, with the reason.
 *
 * The decision is taken in the transaction that stores the applications, after taking the lock
 * of the hour's counter row: on PostgreSQL concurrent transactions (other instances) wait for
 * it, then see each other's grants, so the caps hold across instances. The planning itself,
 * here, is the same for both databases.
 */

export const recipientWindowMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** Why a delivery is `skipped`: a confirmation over a cap, or an application marked as spam. */
export type SkipReason = "recipient_recent" | "hourly_cap" | "spam";

/** What the CLI's `show` says about a skipped confirmation. */
export const skipReasonText: Record<SkipReason, string> = {
  recipient_recent: "not sent: this address had one in the last 24 hours",
  hourly_cap: "not sent: CONFIRMATIONS_PER_HOUR reached that hour",
  spam: "not sent: the team marked the application as spam",
};

/** The clock hour a time falls in (the key of its counter row). */
export const hourOf = (now: number) => Math.floor(now / hourMs);

export interface ConfirmationCandidate {
  /** Where the application is in its batch. */
  index: number;
  recipientHash: string;
}

export interface ConfirmationPlan {
  /** Skipped candidates, by index, with why; candidates not here get their confirmation. */
  skipped: Map<number, SkipReason>;
  /** The recipients granted a confirmation now (each once). */
  granted: string[];
}

/**
 * Which candidates of a batch get their confirmation, in batch order: not an address that had
 * one in the last 24 hours (`recent`, or earlier in this batch), and no more than `perHour`
 * in this hour (`sentThisHour` already).
 */
export function planConfirmations(
  candidates: readonly ConfirmationCandidate[],
  state: { recent: ReadonlySet<string>; sentThisHour: number; perHour: number },
): ConfirmationPlan {
  const skipped = new Map<number, SkipReason>();
  const granted: string[] = [];
  const seen = new Set(state.recent);
  let left = Math.max(0, state.perHour - state.sentThisHour);
  for (const { index, recipientHash } of candidates) {
    if (seen.has(recipientHash)) skipped.set(index, "recipient_recent");
    else if (left === 0) skipped.set(index, "hourly_cap");
    else {
      seen.add(recipientHash);
      granted.push(recipientHash);
      left -= 1;
    }
  }
  return { skipped, granted };
}
