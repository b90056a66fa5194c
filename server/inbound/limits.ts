import { createHmac } from "node:crypto";
import type { chat } from "#app/content/chat.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { limitNoticeIfFirst, limitNoticesPurge, storedInboundBytes } from "../db/inbound-limits.ts";
import type { Logger } from "../logger.ts";
import { rateLimitKey } from "../rate-limit/key.ts";
import { createRateLimit, type PeekableRateLimit } from "../rate-limit/limiter.ts";

/** Every limit of mail coming in, by name (its label: `chat.inboundLimit.limits`). */
export type LimitName = keyof typeof chat.inboundLimit.limits;

interface Rates {
  messagesPerHour: number;
  messagesPerDay: number;
  bytesPerHour: number;
  bytesPerDay: number;
}

/** The limits' numbers (0: that limit is off). */
export interface InboundLimitSettings {
  sender: Rates;
  ip: Rates;
  application: Rates;
  applicationStoredBytes: number;
  unmatchedStoredBytes: number;
}

/** The limits as configured (INBOUND_SENDER_*, INBOUND_IP_*, INBOUND_APPLICATION_*, …). */
export function limitSettingsOf(config: Config): InboundLimitSettings {
  const rates = (scope: "SENDER" | "IP" | "APPLICATION"): Rates => ({
    messagesPerHour: config[`INBOUND_${scope}_MESSAGES_PER_HOUR`],
    messagesPerDay: config[`INBOUND_${scope}_MESSAGES_PER_DAY`],
    bytesPerHour: config[`INBOUND_${scope}_BYTES_PER_HOUR`],
    bytesPerDay: config[`INBOUND_${scope}_BYTES_PER_DAY`],
  });
  return {
    sender: rates("SENDER"),
    ip: rates("IP"),
    application: rates("APPLICATION"),
    applicationStoredBytes: config.INBOUND_APPLICATION_STORED_BYTES,
    unmatchedStoredBytes: config.INBOUND_UNMATCHED_STORED_BYTES,
  };
}

/** What one message is counted as, once parsed and matched. */
export interface LimitFacts {
  /** The envelope's MAIL FROM and the From address (each counted; duplicates once). */
  senders: readonly string[];
  /** The SMTP client's address (none over HTTP: the provider's is not the sender's). */
  ip?: string;
  /** The application it matched; null: Unmatched. */
  applicationId: string | null;
  /** The raw message's bytes (what the rates count: attachments are in it). */
  bytes: number;
  /** What it would keep on disk: the raw message and its decoded attachments. */
  storedBytes: number;
}

export type Admission =
  | { ok: true }
  /** A rate: taken again later (SMTP 451, HTTP 429 with Retry-After). */
  | { ok: false; refused: "rate_limited"; limit: LimitName; retryAfterSeconds: number }
  /** Stored bytes: full until mail is deleted (SMTP 552, HTTP 507). */
  | { ok: false; refused: "quota_full"; limit: LimitName };

/** What the team is told, once per limit and period. */
export interface LimitNotice {
  limit: LimitName;
  kind: "rate" | "quota";
  /** The limit's number, as configured (bytes or messages). */
  value: number;
  /** The configuration variable that sets it. */
  variable: string;
  /** When the period ends (ms since the epoch). */
  until: number;
}

const hour = 3600;
const day = 24 * hour;
/** Rates of bytes are counted in KiB (the shared table counts in 32-bit integers). */
const kib = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/**
 * The limits of mail coming in (docs/replies.md, "Limits"). Rates are counted by
 * rate-limiter-flexible (in PostgreSQL when it is the database: they hold across instances),
 * per sender address (as an HMAC: the shared table never holds an address), per SMTP client
 * address and per application, in messages and in bytes, per hour and per day. Stored bytes are
 * the database's own sums. A message is counted against every rate even when one refuses it.
 * The first refusal of a limit in its period (on any instance) tells the team (`tell`).
 */
export function createInboundLimits(deps: {
  database: Pick<DatabaseHandle, "db" | "pool" | "writeTransaction">;
  settings: InboundLimitSettings;
  /** Keys the HMAC of sender addresses. */
  keySecret: string;
  tell: (notice: LimitNotice) => Promise<void>;
  logger: Logger;
  now?: () => number;
}) {
  const { database, settings } = deps;
  const now = deps.now ?? Date.now;
  const rates: {
    name: LimitName;
    scope: "sender" | "ip" | "application";
    bytes: boolean;
    value: number;
    seconds: number;
    limiter: PeekableRateLimit;
  }[] = [];
  for (const scope of ["sender", "ip", "application"] as const) {
    for (const [unit, period, seconds] of [
      ["messages", "hour", hour],
      ["messages", "day", day],
      ["bytes", "hour", hour],
      ["bytes", "day", day],
    ] as const) {
      const value = settings[scope][`${unit}Per${period === "hour" ? "Hour" : "Day"}`];
      const name = `${scope}_${unit}_per_${period}` as LimitName;
      const bytes = unit === "bytes";
      rates.push({
        name,
        scope,
        bytes,
        value,
        seconds,
        limiter: createRateLimit(database, {
          keyPrefix: `inbound_${name}`,
          points: value === 0 ? 0 : bytes ? Math.max(1, Math.floor(value / 1024)) : value,
          durationSeconds: seconds,
        }),
      });
    }
  }
  const senderKey = (address: string) =>
    createHmac("sha256", deps.keySecret)
      .update(`inbound-sender:${address.trim().toLowerCase()}`)
      .digest("base64url");

  function keysOf(scope: "sender" | "ip" | "application", facts: LimitFacts): string[] {
    if (scope === "sender") {
      return [...new Set(facts.senders.map((s) => s.trim().toLowerCase()).filter(Boolean))].map(
        senderKey,
      );
    }
    if (scope === "ip") return facts.ip ? [rateLimitKey(facts.ip)] : [];
    return facts.applicationId ? [facts.applicationId] : [];
  }

  /** Tells the team, when this is the limit's first refusal of the period. Never throws. */
  /** A rate over its limit: the team told (once per limit and period), the message refused. */
  async function rateRefused(
    rate: (typeof rates)[number],
    retryAfterSeconds: number,
  ): Promise<Admission> {
    const variable = `INBOUND_${rate.name.toUpperCase()}`;
    await told({ limit: rate.name, kind: "rate", value: rate.value, variable }, rate.seconds);
    return { ok: false, refused: "rate_limited", limit: rate.name, retryAfterSeconds };
  }

  async function told(notice: Omit<LimitNotice, "until">, seconds: number) {
    const at = now();
    const periodStart = Math.floor(at / (seconds * 1000)) * seconds * 1000;
    try {
      const first = await limitNoticeIfFirst(database, {
        limitName: notice.limit,
        periodStart,
        now: at,
      });
      if (!first) return;
      deps.logger.warn({ limit: notice.limit, value: notice.value }, "inbound limit reached");
      await limitNoticesPurge(database.db, at - 2 * day * 1000);
      await deps.tell({ ...notice, until: periodStart + seconds * 1000 });
    } catch (error) {
      deps.logger.error({ err: errorSummary(error), limit: notice.limit }, "limit not told");
    }
  }

  async function admit(facts: LimitFacts): Promise<Admission> {
    const [limit, quota, variable] =
      facts.applicationId === null
        ? (["unmatched_stored_bytes", settings.unmatchedStoredBytes, "UNMATCHED"] as const)
        : (["application_stored_bytes", settings.applicationStoredBytes, "APPLICATION"] as const);
    if (quota > 0) {
      const stored = await storedInboundBytes(database.db, facts.applicationId);
      if (stored + facts.storedBytes > quota) {
        await told(
          { limit, kind: "quota", value: quota, variable: `INBOUND_${variable}_STORED_BYTES` },
          day,
        );
        return { ok: false, refused: "quota_full", limit };
      }
    }
    const decisions = await Promise.all(
      rates.flatMap((rate) =>
        keysOf(rate.scope, facts).map(async (key) => ({
          rate,
          decision: await rate.limiter.consume(key, rate.bytes ? kib(facts.bytes) : 1),
        })),
      ),
    );
    let refusal: { rate: (typeof rates)[number]; retryAfterSeconds: number } | undefined;
    for (const { rate, decision } of decisions) {
      if (decision.ok) continue;
      if (!refusal || decision.retryAfterSeconds > refusal.retryAfterSeconds) {
        refusal = { rate, retryAfterSeconds: decision.retryAfterSeconds };
      }
    }
    return refusal ? rateRefused(refusal.rate, refusal.retryAfterSeconds) : { ok: true };
  }

  /**
   * Before a message is taken at all (SMTP's MAIL FROM): whether its sender address or client
   * address is over a rate already, counting nothing. A flood past its limits is then refused
   * before it is sent, spooled or parsed, and genuine mail does not wait behind it. The team is
   * told of the limit as when a message is refused whole (once per limit and period): a flood
   * sent one message at a time meets every refusal here, never in `admit`.
   */
  async function overAlready(facts: Pick<LimitFacts, "senders" | "ip">): Promise<Admission> {
    const known: LimitFacts = { ...facts, applicationId: null, bytes: 0, storedBytes: 0 };
    const decisions = await Promise.all(
      rates
        .filter((rate) => rate.scope !== "application")
        .flatMap((rate) =>
          keysOf(rate.scope, known).map(async (key) => ({
            rate,
            decision: await rate.limiter.peek(key),
          })),
        ),
    );
    for (const { rate, decision } of decisions) {
      if (!decision.ok) return rateRefused(rate, decision.retryAfterSeconds);
    }
    return { ok: true };
  }

  return { admit, overAlready };
}

export type InboundLimits = ReturnType<typeof createInboundLimits>;
