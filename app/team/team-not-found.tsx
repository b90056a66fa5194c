import { buttonClass } from "~/components/ui/button";
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
