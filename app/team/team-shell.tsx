import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { BrandLogo } from "~/components/landing/brand-logo";
import { buttonClass } from "~/components/ui/button";
import { MenuButton } from "~/components/ui/menu-button";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import type { TeamMember } from "~/shared/team-port";
import { TimeZoneContext } from "./moment";
import { AccountControls, TeamMenu, teamMenuId } from "./team-menu";
import { TeamNavLinks } from "./team-nav-links";

const copy = team.nav;

/**
 * The frame of every signed-in team page: brand, the pages, who is signed in, sign out, in one
 * row at every width (decision 0074). From `xl` the pages and the member's controls sit in the
 * row; narrower, a menu button opens them in a popover (as the public site's header does: no
 * script needed, Escape and a tap outside close it). Sign out stays in the row at every width.
 */
export function TeamShell(props: { member?: TeamMember; current?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const here = props.current ?? pathname;
  const member = props.member;
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/10 bg-ink/80">
        <div className="flex h-16 flex-nowrap items-center gap-3 px-4 sm:px-6">
          <a
            href={teamPaths.inbox}
            className="flex shrink-0 items-center gap-2 font-bold text-white"
          >
            <BrandLogo />
            <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-zinc-200">
              {team.label}
            </span>
          </a>
          {member ? (
            <>
              <nav aria-label={copy.label} className="hidden shrink-0 items-center gap-1 xl:flex">
                <TeamNavLinks member={member} here={here} layout="row" />
              </nav>
              <div className="ml-auto flex min-w-0 items-center gap-2">
                <div className="hidden min-w-0 items-center gap-2 xl:flex">
                  <AccountControls member={member} layout="row" />
                </div>
                <Form method="post" action={teamPaths.signOut} reloadDocument className="shrink-0">
                  <button
                    type="submit"
                    className={buttonClass("outline", "sm", "whitespace-nowrap")}
                  >
                    {copy.signOut}
                  </button>
                </Form>
                <MenuButton menuId={teamMenuId} label={copy.menu} hiddenFrom="xl" />
              </div>
              <TeamMenu member={member} here={here} />
            </>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <TimeZoneContext value={member?.timeZone ?? "UTC"}>{props.children}</TimeZoneContext>
      </main>
    </div>
  );
}
