import type { InsightRange, InsightsReport } from "./insights.ts";
import { portKey } from "./team-port.ts";

/**
 * What the Insights page (/team/insights) and its CSV (/team/insights/export) may ask of the
 * server: their own port (decision 0086), reached with `signedInMember(context, insightsPort)`.
 * Types only (the report's are in insights.ts), and the key.
 */
export interface InsightsPort {
  /** Visits, sources and the funnel of the last `days` days. */
  insights(days: InsightRange): Promise<InsightsReport>;
  /** The page's daily table as CSV. */
  insightsCsv(days: InsightRange): Promise<string>;
}

export const insightsPort = portKey<InsightsPort>("insights");
