/**
 * Where an application came from: the visit the server counted before it (its first page of
 * the day). Shared by the server (emails, webhook, exports) and the team's pages.
 */

/** The source of a visit with neither utm_source nor another site's referrer (as GA names it). */
export const directSource = "(direct)";

export interface ApplicationSource {
  /** utm_source, else the referring site, else "(direct)". */
  source: string;
  medium: string;
  campaign: string;
  /** The referring site (host), "" when none. */
  referrer: string;
  /** The visitor's first page of the day ("/", "/onboarding", …). */
  landingPage: string;
}

/** The source columns of an application: null when no visit was found for it (not known). */
export interface SourceColumns {
  visitSource: string | null;
  visitMedium: string | null;
  visitCampaign: string | null;
  visitReferrer: string | null;
  visitLandingPage: string | null;
}

export const unknownVisit: SourceColumns = {
  visitSource: null,
  visitMedium: null,
  visitCampaign: null,
  visitReferrer: null,
  visitLandingPage: null,
};

export function applicationSource(row: SourceColumns): ApplicationSource | null {
  if (row.visitSource === null) return null;
  return {
    source: row.visitSource,
    medium: row.visitMedium ?? "",
    campaign: row.visitCampaign ?? "",
    referrer: row.visitReferrer ?? "",
    landingPage: row.visitLandingPage ?? "",
  };
}

/** A source as people read it: "(direct)" as `words.direct`. */
export function sourceName(source: string, words: { direct: string }): string {
  return source === directSource ? words.direct : source;
}

/** One line: "newsletter / email / spring-sale", "Direct", or `words.unknown`. */
export function sourceSummary(
  source: ApplicationSource | null,
  words: { direct: string; unknown: string },
): string {
  if (!source) return words.unknown;
  return [sourceName(source.source, words), source.medium, source.campaign]
    .filter(Boolean)
    .join(" / ");
}
