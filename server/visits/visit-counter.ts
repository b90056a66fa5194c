import { timingSafeEqual } from "node:crypto";
import { directSource } from "#app/shared/application-source.ts";
import { fieldKeys } from "#app/shared/fields.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { errorSummary } from "../db/errors.ts";
import { findVisitor, upsertVisitors, visitorsPerStatement } from "../db/visits/visitors.ts";
import type { VisitorsTable, VisitSource } from "../db/visits-schema.ts";
import { addressHash, beaconTokenOf, visitorHash } from "../hashing/client-hashes.ts";
import type { Sealer } from "../hashing/sealed-secrets.ts";
import type { Logger } from "../logger.ts";
import { daySecret } from "./day-secret.ts";

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
  /**
   * What a page served to this visitor carries for its beacons (HMAC of the visitor under the
   * day's secret): a beacon is counted only with it (verify).
   */
  beaconToken(visitor: VisitorFacts): Promise<string>;
  /** Whether `token` is the one a page served to this visitor today carried. */
  verify(visitor: VisitorFacts, token: string): Promise<boolean>;
  /** Writes what is in memory: one statement (500 visitors each). */
  flush(): Promise<void>;
  /** Hits in memory (tests, metrics). */
  pending(): number;
}

/** Visitors in memory at most between two flushes (a database outage): beyond, not counted. */
export const maxPendingVisitors = 100_000;

/**
 * Visitors counted per client address a day (per instance) unless configured
 * (VISITORS_PER_ADDRESS): the User-Agents of one household or office. A further User-Agent
 * from the address counts as the address's first visitor, so one client cycling User-Agents
 * is a few visitors, not one per request.
 */
export const visitorsPerAddress = 3;
/** Addresses remembered a day (per instance); beyond, a new address is counted as it comes. */
export const maxAddresses = 100_000;

/**
 * Hits aggregated in memory per visitor of a day, written in one statement per flush: a page
 * served waits for nothing. The visitor is HMAC(the day's secret, IP + User-Agent + host), a few
 * at most per address a day; the secret is kept in the database sealed (every instance opens
 * the same one with the hashing key), cached for the day.
 */
export function createVisitCounter(deps: {
  database: Pick<DatabaseHandle, "db" | "dialect" | "write">;
  /** Seals the day's secrets kept in the database (its key is never there). */
  sealer: Sealer;
  logger: Logger;
  now?: () => number;
  /** Visitors per client address a day (default visitorsPerAddress; 0: no cap). */
  perAddress?: number;
}): VisitCounter {
  const now = deps.now ?? Date.now;
  const perAddress = deps.perAddress ?? visitorsPerAddress;
  let known: { day: number; secret: string } | undefined;
  let loading: { day: number; secret: Promise<string> } | undefined;
  let pending = new Map<string, VisitorsTable>();
  /** The rows a flush took from `pending` and is writing: still found until they are stored. */
  let writing = new Map<string, VisitorsTable>();
  let dropped = 0;
  let flushing: Promise<void> = Promise.resolve();
  /** Hits waiting for their day's secret (the first ones of a day): a flush waits for them. */
  const arriving = new Set<Promise<void>>();
  /**
   * The day's visitors per client address, at most `visitorsPerAddress` each: keyed by an HMAC
   * of the address under the day's secret (never the address), forgotten with the day.
   */
  let addresses = { day: -1, visitors: new Map<string, string[]>() };

  function secretOf(day: number): Promise<string> {
    if (known?.day === day) return Promise.resolve(known.secret);
    if (loading?.day !== day) {
      const secret = daySecret(deps.database, deps.sealer, day);
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

  /**
   * Who a request counts as: its visitor hash, unless its address has had `perAddress`
   * others today; then the address's first. `remember` adds a new one (counting does; a
   * lookup does not).
   */
  function visitorOf(day: number, secret: string, facts: VisitorFacts, remember: boolean) {
    const visitor = visitorHash(secret, facts.ip, facts.userAgent, facts.host);
    if (perAddress === 0) return visitor;
    if (addresses.day !== day) addresses = { day, visitors: new Map() };
    const address = addressHash(secret, facts.ip);
    const seen = addresses.visitors.get(address);
    if (!seen) {
      if (remember && addresses.visitors.size < maxAddresses) {
        addresses.visitors.set(address, [visitor]);
      }
      return visitor;
    }
    if (seen.includes(visitor)) return visitor;
    if (seen.length < perAddress) {
      if (remember) seen.push(visitor);
      return visitor;
    }
    return seen[0] as string;
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
      visitor: visitorOf(day, secret, facts, true),
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
    writing = pending;
    pending = new Map();
    // In one order on every instance: two instances' upserts of the same visitors lock their
    // rows in the same order, so one waits for the other instead of deadlocking (PostgreSQL
    // aborts one of two that lock in opposite orders).
    const rows = [...writing.values()].sort(inKeyOrder);
    try {
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
    } finally {
      writing = new Map();
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
      const visitor = visitorOf(day, await secretOf(day), facts, false);
      const key = `${day} ${visitor}`;
      // The stored row first (its first page's source); else what memory holds. Memory is read
      // before the database too: a flush that commits while the read runs has moved its rows
      // out of memory and into the table after the read began, and neither would find them.
      const held = writing.get(key) ?? pending.get(key);
      return (await findVisitor(deps.database, day, visitor)) ?? held ?? pending.get(key);
    },
    async beaconToken(facts) {
      const secret = await secretOf(dayOf(now()));
      return beaconTokenOf(secret, visitorHash(secret, facts.ip, facts.userAgent, facts.host));
    },
    async verify(facts, token) {
      const secret = await secretOf(dayOf(now()));
      const expected = beaconTokenOf(
        secret,
        visitorHash(secret, facts.ip, facts.userAgent, facts.host),
      );
      return (
        token.length === expected.length &&
        timingSafeEqual(Buffer.from(token), Buffer.from(expected))
      );
    },
    flush() {
      flushing = flushing.then(writePending);
      return flushing;
    },
    pending: () => pending.size,
  };
}

/** Visitors' rows by day, then visitor: the order every write locks them in. */
function inKeyOrder(a: VisitorsTable, b: VisitorsTable) {
  return a.day - b.day || (a.visitor < b.visitor ? -1 : a.visitor > b.visitor ? 1 : 0);
}

function sourceColumns(source: VisitSource): VisitSource {
  return {
    source: source.source,
    medium: source.medium,
    campaign: source.campaign,
    referrer: source.referrer,
  };
}
