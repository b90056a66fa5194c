import { promises as dns } from "node:dns";
import type { DNSResolver } from "mailauth";

/** DNS errors that are answers ("no such name", "no such record"), cached like records. */
const answers = new Set(["ENOTFOUND", "ENODATA"]);

/**
 * The DNS lookups of SPF, DKIM and DMARC, remembered for `ttlMs` (5 minutes), at most `max`
 * names (the oldest forgotten first): replies come in bursts from a few domains (the same
 * provider's SPF, the same DMARC record), and one lookup each is enough. "No such name" is
 * remembered too; a failure to get an answer (a timeout) is not.
 */
export function cachedResolver(
  resolve: DNSResolver = dns.resolve as DNSResolver,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): DNSResolver {
  const { ttlMs = 5 * 60_000, max = 2_000, now = Date.now } = options;
  const cache = new Map<string, { until: number; answer: ReturnType<DNSResolver> }>();
  return (name, type) => {
    const key = `${type} ${name.toLowerCase()}`;
    const found = cache.get(key);
    if (found && found.until > now()) return found.answer;
    cache.delete(key);
    const answer = resolve(name, type);
    cache.set(key, { until: now() + ttlMs, answer });
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
    answer.catch((error: { code?: string }) => {
      if (!answers.has(error?.code ?? "") && cache.get(key)?.answer === answer) cache.delete(key);
    });
    return answer;
  };
}
