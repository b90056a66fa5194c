/**
 * When to try again after the `attempts`-th failed attempt (1-based): the matching delay of
 * DELIVERY_RETRY_DELAYS (seconds) ±20% jitter, so deliveries that failed together do not
 * retry together. Null once the delays are used up: the delivery has failed for good.
 */
export function nextAttemptAt(
  attempts: number,
  delaysSeconds: readonly number[],
  now = Date.now(),
  random = Math.random,
): number | null {
  const delay = delaysSeconds[attempts - 1];
  if (delay === undefined) return null;
  const jitter = 0.8 + 0.4 * random();
  return now + Math.round(delay * 1000 * jitter);
}
