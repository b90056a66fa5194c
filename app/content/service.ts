/**
 * What the service promises, in numbers. Every text that states a promise is built from these
 * values (the questionnaire, the thank-you page, the confirmation email, the titles), and so is
 * anything that keeps the promise, so the texts and the product never disagree.
 */
export const service = {
  /** The team answers every application within this many hours. */
  responsePromiseHours: 24,
} as const;

/** The response promise as the texts word it: "within 24 hours". */
export const withinResponsePromise = `within ${service.responsePromiseHours} hours`;
