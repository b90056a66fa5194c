/**
 * What the service promises, in numbers. Every text that states a promise is built from these
 * values (the questionnaire, the thank-you page, the confirmation email, the titles), and so is
 * anything that keeps the promise, so the texts and the product never disagree.
 */
export const service = {
  /** The team answers every application within this many hours. */
  responsePromiseHours: 24,
  /**
   * The landing page's "24–48 hour delivery" ("most edits are back within 24 to 48 hours"), by
   * its upper bound: an edit back within this many hours of its footage meets the claim. It is
   * read beside each plan's own turnaround (plans.ts: Creator 7 days), never instead of it: both
   * figures are counted on the same cuts (server/portal/turnaround.ts, decision 0090).
   */
  deliveryClaimHours: 48,
} as const;

/** The response promise as the texts word it: "within 24 hours". */
export const withinResponsePromise = `within ${service.responsePromiseHours} hours`;
