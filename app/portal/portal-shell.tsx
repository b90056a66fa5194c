import type { ReactNode } from "react";
import { Form } from "react-router";
import { BrandLogo } from "~/components/landing/brand-logo";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { portalPaths } from "~/shared/paths";
import type { PortalPerson } from "~/shared/portal-port";
import { fill } from "~/shared/text";

const copy = portal.client;

/** The frame of every portal page: brand, who is signed in, sign out. */
export function PortalShell(props: {
  person?: PortalPerson;
  /** The posting schedule's seven columns want the width a member's schedule has. */
  wide?: boolean;
  children: ReactNode;
}) {
  const width = props.wide ? "max-w-6xl" : "max-w-4xl";
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/10 bg-ink/80">
        <div
          className={`mx-auto flex ${width} flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6`}
        >
          <a href={portalPaths.home} className="flex items-center gap-2 font-bold text-white">
            <BrandLogo />
            <span className="sr-only">{copy.shellLabel}</span>
          </a>
          {props.person ? (
            <>
              {/* On a phone: the brand and Sign out in one row, who is signed in below. */}
              <span className="order-last w-full truncate text-xs text-zinc-400 sm:order-none sm:ml-auto sm:w-auto sm:text-sm sm:text-zinc-300">
                {fill(copy.home.signedInAs, { email: props.person.email })}
              </span>
              <Form
                method="post"
                action={portalPaths.signOut}
                reloadDocument
                className="ml-auto sm:ml-0"
              >
                <button type="submit" className={buttonClass("outline", "sm")}>
                  {copy.home.signOut}
                </button>
              </Form>
            </>
          ) : null}
        </div>
      </header>
      <main className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-10`}>{props.children}</main>
    </div>
  );
}
