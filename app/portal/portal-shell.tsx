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
export function PortalShell(props: { person?: PortalPerson; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/10 bg-ink/80">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <a href={portalPaths.home} className="flex items-center gap-2 font-bold text-white">
            <BrandLogo />
            <span className="sr-only">{copy.shellLabel}</span>
          </a>
          {props.person ? (
            <div className="ml-auto flex flex-wrap items-center gap-3">
              <span className="text-sm text-zinc-300">
                {fill(copy.home.signedInAs, { email: props.person.email })}
              </span>
              <Form method="post" action={portalPaths.signOut} reloadDocument>
                <button type="submit" className={buttonClass("outline", "sm")}>
                  {copy.home.signOut}
                </button>
              </Form>
            </div>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">{props.children}</main>
    </div>
  );
}
