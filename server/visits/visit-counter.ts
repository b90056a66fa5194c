import { directSource } from "#app/shared/application-source.ts";
import { fieldKeys } from "#app/shared/fields.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { daySecret } from "../db/visits/secrets.ts";
import { findVisitor, upsertVisitors, visitorsPerStatement } from "../db/visits/visitors.ts";
import type { VisitorsTable, VisitSource } from "../db/visits-schema.ts";
import { visitorHash } from "../hashing/client-hashes.ts";
import type { Logger } from "../logger.ts";

const dayMs = 24 * 3600_000;
/** The UTC day of a time, as days since the epoch. */
export const dayOf = (ms: number) => Math.floor(ms / dayMs);

/** A question key's place in today's form from 1 (0: none, or a field no longer asked). */
const questionRank = (key: string) => fieldKeys.indexOf(key) + 1;

/** Who a request is from, as far as counting goes: never stored, only hashed. */
export interface VisitorFacts {
  ip: string;
  userAgent: string;
  host: string;
}

/** What one request adds to its visitor's day. */
export interface VisitHit {
  /** A page seen ("/", "/onboarding", "/thank-you", "404"); absent for an event. */
  page?: string;
  /** Where the visit came from (kept if this is the visitor's first hit of the day). */
  source?: VisitSource;
  /** The plan of an /onboarding page seen. */
  plan?: string;
  /** A question started: its field's stable key (app/shared/fields.ts). */
  question?: string;
  applied?: boolean;
}

export interface VisitCounter {
  /** Counts a hit (in memory; written with the next flush). Never throws, never waits. */
  count(visitor: VisitorFacts, hit: VisitHit): void;
  /** Today's row of this visitor, if they were counted (written or still in memory). */
  lookup(visitor: VisitorFacts): Promise<VisitorsTable | undefined>;
  /** Writes what is in memory: one statement (500 visitors each). */
  flush(): Promise<void>;
  /** Hits in memory (tests, metrics). */
  pending(): number;
}

/** Visitors in memory at most between two flushes (a database outage): beyond, not counted. */
export const maxPendingVisitors = 100_000;

/**
 * Hits aggregated in memory per visitor of a day, written in one statement per flush: a page
 * served waits for nothing. The visitor is HMAC(the day's secret, IP + User-Agent + host); the
 * secret is the database's (every instance uses the same one), cached for the day.
 */
export function createVisitCounter(deps: {
  database: Pick<DatabaseHandle, "db" | "dialect" | "write">;
  logger: Logger;
  now?: () => number;
}): VisitCounter {
  const now = deps.now ?? Date.now;
  let known: { day: number; secret: string } | undefined;
  let loading: { day: number; secret: Promise<string> } | undefined;
  let pending = new Map<string, VisitorsTable>();
  let dropped = 0;
  let flushing: Promise<void> = Promise.resolve();
  /** Hits waiting for their day's secret (the first ones of a day): a flush waits for them. */
  const arriving = new Set<Promise<void>>();

  function secretOf(day: number): Promise<string> {
    if (known?.day === day) return Promise.resolve(known.secret);
    if (loading?.day !== day) {
      const secret = daySecret(deps.database, day);
      loading = { day, secret };
      secret.then(
        (value) => {
          if (dayOf(now()) === day) known = { day, secret: value };
        },
        () => {
          if (loading?.day === day) loading = undefined;
        },
      );
    }
    return loading.secret;
  }

  const keyOf = (row: Pick<VisitorsTable, "day" | "visitor">) => `${row.day} ${row.visitor}`;

  function merge(row: VisitorsTable) {
    const key = keyOf(row);
    const had = pending.get(key);
    if (!had) {
      if (pending.size >= maxPendingVisitors) {
        dropped++;
        return;
      }
      pending.set(key, row);
      return;
    }
    had.pages += row.pages;
    if (row.plan) had.plan = row.plan;
    if (questionRank(row.question) > questionRank(had.question)) had.question = row.question;
    had.applied = Math.max(had.applied, row.applied);
    if (!had.landing && row.landing)
      Object.assign(had, sourceColumns(row), { landing: row.landing });
  }

  function add(day: number, secret: string, facts: VisitorFacts, hit: VisitHit) {
    const source = hit.source ?? { source: directSource, medium: "", campaign: "", referrer: "" };
    merge({
      day,
      visitor: visitorHash(secret, facts.ip, facts.userAgent, facts.host),
      landing: hit.page ?? "",
      ...sourceColumns(source),
      plan: hit.plan ?? "",
      question: hit.question ?? "",
      applied: hit.applied ? 1 : 0,
      pages: hit.page ? 1 : 0,
    });
  }

  async function writePending() {
    await Promise.all(arriving);
    if (dropped > 0) {
      deps.logger.warn({ dropped }, "visits: hits not counted (too many waiting for a write)");
      dropped = 0;
    }
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending = new Map();
    for (let start = 0; start < rows.length; start += visitorsPerStatement) {
      const chunk = rows.slice(start, start + visitorsPerStatement);
      try {
        await deps.database.write(upsertVisitors(deps.database, chunk, fieldKeys));
      } catch (error) {
        // Kept for the next flush (merged with what came meanwhile).
        for (const row of rows.slice(start)) merge(row);
        deps.logger.warn(
          { err: errorSummary(error), visitors: rows.length - start },
          "visits: write failed",
        );
        return;
      }
    }
  }

  return {
    count(facts, hit) {
      const day = dayOf(now());
      if (known?.day === day) return add(day, known.secret, facts, hit);
      const added = secretOf(day).then(
        (secret) => add(day, secret, facts, hit),
        (error) => deps.logger.warn({ err: errorSummary(error) }, "visits: no secret for today"),
      );
      arriving.add(added);
      added.finally(() => arriving.delete(added));
    },
    async lookup(facts) {
      const day = dayOf(now());
      const visitor = visitorHash(await secretOf(day), facts.ip, facts.userAgent, facts.host);
      return (await findVisitor(deps.database, day, visitor)) ?? pending.get(`${day} ${visitor}`);
    },
    flush() {
      flushing = flushing.then(writePending);
      return flushing;
    },
    pending: () => pending.size,
  };
}

function sourceColumns(source: VisitSource): VisitSource {
  return {
    source: source.source,
    medium: source.medium,
    campaign: source.campaign,
    referrer: source.referrer,
  };
}
