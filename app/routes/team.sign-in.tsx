import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod/mini";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { team as teamCopy } from "~/content/team";
import { appContext } from "~/shared/app-context";
import { teamPaths } from "~/shared/paths";
import { signInPort } from "~/shared/sign-in-port";
import { fill } from "~/shared/text";
import { pagePort, postedForm, teamMeta } from "~/team/route-helpers";
import { SignInCard } from "~/team/sign-in-card";
import { useHydrated } from "~/team/use-hydrated";
import type { Route } from "./+types/team.sign-in";

const copy = teamCopy.signIn;
const emailSchema = z.email();

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.signIn);

export function loader({ request }: Route.LoaderArgs) {
  return { signedOut: new URL(request.url).searchParams.has("signed-out") };
}

/** Asks for a sign-in link. Members and anyone else get the same answer; only members mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const team = pagePort(context, signInPort);
  const email = (await postedForm(request)).get("email")?.trim() ?? "";
  if (!emailSchema.safeParse(email).success || email.length > 254) {
    return data({ error: copy.invalidEmail, email }, { status: 400 });
  }
  const outcome = await team.requestLink(email, appContext(context).clientIp ?? "");
  if (!outcome.ok) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      { error: fill(copy.rateLimited, { minutes }), email },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { sent: true as const, email };
}

export default function TeamSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <SignInCard id="sign-in-title" title={sent ? copy.sentTitle : copy.title}>
      {loaderData.signedOut && !actionData ? (
        <p role="status" className="mt-3 text-sm text-emerald-300">
          {copy.signedOut}
        </p>
      ) : null}
      {sent ? (
        <>
          <p role="status" className="mt-3 text-zinc-300">
            {fill(copy.sentBody, { email: actionData.email })}
          </p>
          <a href={teamPaths.signIn} className={buttonClass("outline", "md", "mt-6")}>
            {copy.another}
          </a>
        </>
      ) : (
        <>
          <p className="mt-2 text-zinc-400">{copy.intro}</p>
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <Field name="email" label={copy.emailLabel} error={error}>
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="username webauthn"
                  required
                  defaultValue={actionData?.email}
                />
              )}
            </Field>
            <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
              {sending ? copy.sending : copy.submit}
            </button>
          </Form>
          <PasskeySignIn />
        </>
      )}
    </SignInCard>
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
