import { applicationPath } from "#app/shared/paths.ts";

/** The application's page in the team inbox (`/team/applications/:id`), on the site. */
export function applicationLink(siteUrl: string, applicationId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${applicationPath(applicationId)}`;
}
