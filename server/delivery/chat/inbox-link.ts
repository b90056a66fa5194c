/** The application's page in the team inbox (`/team/applications/:id`). */
export function applicationLink(siteUrl: string, submissionId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/team/applications/${encodeURIComponent(submissionId)}`;
}
