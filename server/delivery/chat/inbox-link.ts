/**
 * Whether messages link to the application in the team inbox (`/team/applications/:id`, built
 * by the `team` stream). False until the inbox is on main: a link that answers 404 is worse
 * than none. The coordinator flips it when the inbox lands (one line; the tests cover both).
 */
export const teamInboxLive = false;

/** The application's page in the team inbox, or undefined while there is no inbox. */
export function applicationLink(
  siteUrl: string,
  submissionId: string,
  live: boolean = teamInboxLive,
): string | undefined {
  if (!live) return undefined;
  return `${siteUrl.replace(/\/+$/, "")}/team/applications/${encodeURIComponent(submissionId)}`;
}
