import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import type { TeamMember } from "~/shared/team-port";
import { TeamShell } from "./team-shell";

/** A team page that is not there: the team's shell (its top bar), a 404 and the way back. */
export function TeamNotFound(props: {
  member?: TeamMember;
  copy: { title: string; body: string; back: string };
}) {
  return (
    <TeamShell member={props.member}>
      <div className="py-16 text-center">
        <p className="text-gradient text-6xl font-extrabold">404</p>
        <h1 className="mt-4 text-2xl font-bold text-white">{props.copy.title}</h1>
        <p className="mt-2 text-zinc-400">{props.copy.body}</p>
        <a href={teamPaths.inbox} className={buttonClass("light", "md", "mt-8")}>
          {props.copy.back}
        </a>
      </div>
    </TeamShell>
  );
}

/**
 * A team page's error boundary: a 404 (what the page shows is not there) in the team's shell,
 * anything else the site's error screen.
 */
export function TeamPageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <TeamNotFound copy={team.notFound} />;
  }
  return <ErrorScreen title={landing.error.title} back={landing.error.back} />;
}
