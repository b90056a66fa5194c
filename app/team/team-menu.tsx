import { team } from "~/content/team";
import type { TeamMember } from "~/shared/team-port";
import { AddPasskeyButton } from "./add-passkey-button";
import { AvailabilityForm } from "./availability-form";
import { TeamNavLinks } from "./team-nav-links";

const copy = team.nav;

/** The id the menu button's `popovertarget` names. */
export const teamMenuId = "team-menu";

/**
 * Who is signed in (the name, cut short when long; the address as its title), their availability
 * and "Add a passkey": in the top bar's row on wide screens, in the menu on narrow ones.
 */
export function AccountControls(props: { member: TeamMember; layout: "row" | "menu" }) {
  const { member } = props;
  return (
    <>
      <AvailabilityForm away={member.away === true} />
      <AddPasskeyButton />
      {props.layout === "row" ? (
        <span className="flex min-w-0 items-baseline gap-1 text-sm text-zinc-400">
          {/* Said from 1536 px; narrower, to screen readers only (the row needs the room). */}
          <span className="sr-only shrink-0 2xl:not-sr-only">{copy.signedInAs}</span>
          <span className="max-w-48 truncate text-zinc-200" title={member.email}>
            {member.name || member.email}
          </span>
        </span>
      ) : (
        <p className="min-w-0 max-w-full px-3 text-sm text-zinc-400">
          {copy.signedInAs} <span className="break-words text-zinc-200">{member.name}</span>
          <span className="block break-all">{member.email}</span>
        </p>
      )}
    </>
  );
}

/**
 * Below `xl`, the pages and the member's controls in a popover under the top bar, opened by
 * its menu button (`popovertarget`): it works without scripts, and Escape or a tap outside
 * closes it, as the public site's menu does.
 */
export function TeamMenu(props: { member: TeamMember; here: string }) {
  return (
    <div
      id={teamMenuId}
      popover="auto"
      className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-b border-white/10 bg-ink/95 p-0 text-white backdrop-blur-xl xl:hidden"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6">
        <nav aria-label={copy.label} className="flex flex-col gap-1">
          <TeamNavLinks member={props.member} here={props.here} layout="menu" />
        </nav>
        <div className="flex flex-col items-start gap-3 border-t border-white/10 pt-4">
          <AccountControls member={props.member} layout="menu" />
        </div>
      </div>
    </div>
  );
}
