/**
 * The Insights page's figures (what the team's routes ask the server for) and its ranges.
 * Days are UTC days; "visitors" adds up each day's distinct visitors (a person is a new
 * visitor each day: nothing links one day to the next).
 */

export const insightRanges = [7, 28, 90] as const;
export type InsightRange = (typeof insightRanges)[number];
export const defaultRange: InsightRange = 28;

/** The range of `?days=` (7, 28 or 90); anything else is the default. */
export function parseRange(value: string | null): InsightRange {
  return insightRanges.find((days) => String(days) === value) ?? defaultRange;
}

export interface FunnelFigures {
  visitors: number;
  /** Saw /onboarding with a plan. */
  chosePlan: number;
  /** Typed a first answer (the beacon). */
  started: number;
  /** Genuine applications received. */
  applied: number;
  /** Of those, answered within the promise. */
  answeredInTime: number;
  /** Of those, marked Onboarded. */
  onboarded: number;
}

export interface InsightsReport {
  days: InsightRange;
  /** The first day of the range (ms, UTC midnight); the last is today. */
  from: number;
  funnel: FunnelFigures;
  /** Visitors who started and did not apply, by the furthest question they started. */
  stopped: { question: string; visitors: number }[];
  /** Per source, medium and campaign; source null: applications no visit was found for. */
  sources: {
    source: string | null;
    medium: string;
    campaign: string;
    visitors: number;
    applications: number;
  }[];
  plans: { plan: string; chosen: number; applied: number }[];
  daily: {
    day: number;
    visitors: number;
    chosePlan: number;
    started: number;
    applications: number;
  }[];
}

/** Applications per visitor, as "2.5 %"; null when there were no visitors. */
export function conversion(applications: number, visitors: number): string | null {
  if (visitors === 0) return null;
  const percent = (applications / visitors) * 100;
  return `${percent >= 10 ? Math.round(percent) : Math.round(percent * 10) / 10} %`;
}
