import type { ReactNode } from "react";
import { Form } from "react-router";
import { BrandLogo } from "~/components/landing/brand-logo";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import type { TeamMember } from "~/shared/team-port";
import { fill } from "~/shared/text";
import { AddPasskeyButton } from "./add-passkey-button";
import { AvailabilityForm } from "./availability-form";

const copy = team.nav;

/** The frame of every signed-in team page: brand, inbox link, who is signed in, sign out. */
export function TeamShell(props: { member?: TeamMember; children: ReactNode }) {
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
              <a href={teamPaths.inbox} className={buttonClass("ghost", "sm")}>
                {copy.inbox}
              </a>
              <a href={teamPaths.response} className={buttonClass("ghost", "sm")}>
                {copy.response}
              </a>
              <a href={teamPaths.insights} className={buttonClass("ghost", "sm")}>
                {copy.insights}
              </a>
              {props.member.unmatched ? (
                <a href={teamPaths.unmatched} className={buttonClass("ghost", "sm")}>
                  {fill(copy.unmatched, { count: props.member.unmatched })}
                </a>
              ) : null}
              <AvailabilityForm away={props.member.away === true} />
              <AddPasskeyButton />
              <span className="hidden text-sm text-zinc-400 md:inline">
                {copy.signedInAs} <span className="text-zinc-200">{props.member.email}</span>
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
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{props.children}</main>
    </div>
  );
}
