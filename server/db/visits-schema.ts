/**
 * The tables of visits counted without cookies (0012_insights), as Kysely sees them. A day is
 * a UTC day as days since the epoch (Math.floor(ms / 86,400,000)).
 */

/**
 * One random secret per day (a visitor is HMAC(secret, IP + User-Agent + host)), kept sealed
 * with a key the database never holds (0017; server/hashing/sealed-secrets.ts).
 */
export interface VisitSecretsTable {
  day: number;
  /** base64url(iv ‖ AES-256-GCM ciphertext ‖ tag), the day as associated data. */
  sealed: string;
}

/**
 * Where a visit came from, as kept for the visitor's first page of the day: `source` is
 * utm_source, else the referrer's site, else "(direct)"; "" where there is nothing.
 */
export interface VisitSource {
  source: string;
  medium: string;
  campaign: string;
  /** The referring site (host, without "www."), "" when none. */
  referrer: string;
}

/** A visitor of a day not folded yet: the HMAC, never an address or a User-Agent. */
export interface VisitorsTable extends VisitSource {
  day: number;
  /** HMAC-SHA256 (hex, 32 characters) under the day's secret. */
  visitor: string;
  /** The first page of the day: "/", "/onboarding", "/thank-you", "404" ("" for a beacon). */
  landing: string;
  /** The plan of the last /onboarding seen ("" when none). */
  plan: string;
  /**
   * The furthest question started (furthest in the form's order when written): its field's
   * stable key (app/shared/fields.ts, 0018_question_keys); "" when none.
   */
  question: string;
  applied: number;
  pages: number;
}

/** Visitors of a past day, counted per source, medium, campaign, plan, question, applied. */
export interface VisitTotalsTable {
  day: number;
  source: string;
  medium: string;
  campaign: string;
  plan: string;
  /** The furthest question's key, as in `visitors`. */
  question: string;
  applied: number;
  visitors: number;
  pages: number;
}

export interface VisitTables {
  visitSecrets: VisitSecretsTable;
  visitors: VisitorsTable;
  visitTotals: VisitTotalsTable;
}
