import { useState } from "react";
import { EmailLinkSignIn, emailLinkAction, signedOutLoader } from "~/components/email-link-sign-in";
import { buttonClass } from "~/components/ui/button";
import { team as teamCopy } from "~/content/team";
import { appContext } from "~/shared/app-context";
import { teamPaths } from "~/shared/paths";
import { signInPort } from "~/shared/sign-in-port";
import { pagePort, postedForm, teamMeta } from "~/team/route-helpers";
import { teamSignIn } from "~/team/sign-in-side";
import { useHydrated } from "~/team/use-hydrated";
import type { Route } from "./+types/team.sign-in";

const copy = teamCopy.signIn;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.signIn);

export const loader = signedOutLoader;

/** Asks for a sign-in link. Members and anyone else get the same answer; only members mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const team = pagePort(context, signInPort);
  const clientIp = appContext(context).clientIp ?? "";
  return emailLinkAction(await postedForm(request), copy, (email) =>
    team.requestLink(email, clientIp),
  );
}

export default function TeamSignIn(page: Route.ComponentProps) {
  return (
    <EmailLinkSignIn {...page} side={teamSignIn} copy={copy} autoComplete="username webauthn">
      <PasskeySignIn />
    </EmailLinkSignIn>
  );
}

function PasskeySignIn() {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "waiting" | "failed">("idle");
  return (
    <div className="mt-6 border-t border-white/10 pt-6 text-center">
      <p className="text-sm text-zinc-400">{copy.or}</p>
      {hydrated ? (
        <button
          type="button"
          className={buttonClass("outline", "lg", "mt-3 w-full")}
          disabled={state === "waiting"}
          onClick={async () => {
            setState("waiting");
            const { signInWithPasskey } = await import("~/team/passkey-client");
            if (await signInWithPasskey()) window.location.assign(teamPaths.inbox);
            else setState("failed");
          }}
        >
          {state === "waiting" ? copy.passkeyWaiting : copy.passkey}
        </button>
      ) : (
        <p className="mt-3 text-sm text-zinc-400">{copy.passkeyNeedsScript}</p>
      )}
      {state === "failed" ? (
        <p role="alert" className="mt-3 text-sm text-rose-300">
          {copy.passkeyFailed}
        </p>
      ) : null}
    </div>
  );
}
