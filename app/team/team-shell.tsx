import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { BrandLogo } from "~/components/landing/brand-logo";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import type { TeamMember } from "~/shared/team-port";
import { fill } from "~/shared/text";
import { AddPasskeyButton } from "./add-passkey-button";
import { AvailabilityForm } from "./availability-form";
import { TimeZoneContext } from "./moment";

const copy = team.nav;

/** A top-bar link, marked as the current page (`aria-current`) where the visitor is. */
function NavLink(props: { href: string; current: boolean; children: ReactNode }) {
  return (
    <a
      href={props.href}
      aria-current={props.current ? "page" : undefined}
      className={buttonClass("ghost", "sm", props.current ? "bg-white/10 text-white" : "")}
    >
      {props.children}
    </a>
  );
}

/** The frame of every signed-in team page: brand, the pages, who is signed in, sign out. */
export function TeamShell(props: { member?: TeamMember; current?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const here = props.current ?? pathname;
  // An application is part of the inbox; every other page is its own path.
  const isCurrent = (path: string) =>
    path === teamPaths.inbox
      ? here === path || here.startsWith(`${path}/applications/`)
      : here === path;
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/10 bg-ink/80">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <a href={teamPaths.inbox} className="flex items-center gap-2 font-bold text-white">
            <BrandLogo />
            <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-zinc-200">
              {team.label}
            </span>
          </a>
          {props.member ? (
            <nav aria-label={copy.label} className="ml-auto flex flex-wrap items-center gap-2">
              <NavLink href={teamPaths.inbox} current={isCurrent(teamPaths.inbox)}>
                {copy.inbox}
              </NavLink>
              <NavLink href={teamPaths.response} current={isCurrent(teamPaths.response)}>
                {copy.response}
              </NavLink>
              <NavLink href={teamPaths.insights} current={isCurrent(teamPaths.insights)}>
                {copy.insights}
              </NavLink>
              {props.member.unmatched ? (
                <NavLink href={teamPaths.unmatched} current={isCurrent(teamPaths.unmatched)}>
                  {fill(copy.unmatched, { count: props.member.unmatched })}
                </NavLink>
              ) : null}
              <NavLink href={teamPaths.settings} current={isCurrent(teamPaths.settings)}>
                {copy.settings}
              </NavLink>
              <AvailabilityForm away={props.member.away === true} />
              <AddPasskeyButton />
              <span className="hidden text-sm text-zinc-400 md:inline">
                {copy.signedInAs}{" "}
                <span className="text-zinc-200" title={props.member.email}>
                  {props.member.name || props.member.email}
                </span>
              </span>
              <Form method="post" action={teamPaths.signOut} reloadDocument>
                <button type="submit" className={buttonClass("outline", "sm")}>
                  {copy.signOut}
                </button>
              </Form>
            </nav>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <TimeZoneContext value={props.member?.timeZone ?? "UTC"}>{props.children}</TimeZoneContext>
      </main>
    </div>
  );
}
