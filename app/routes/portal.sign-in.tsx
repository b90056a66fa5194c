import { data, Form, useNavigation } from "react-router";
import { z } from "zod/mini";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { portal } from "~/content/portal";
import { PortalShell } from "~/portal/portal-shell";
import { portalMeta, portalPort } from "~/portal/route-helpers";
import { appContext } from "~/shared/app-context";
import { portalPaths } from "~/shared/paths";
import { fill } from "~/shared/text";
import { postedForm } from "~/team/route-helpers";
import type { Route } from "./+types/portal.sign-in";

const copy = portal.client.signIn;
const emailSchema = z.email();

export const meta: Route.MetaFunction = () => portalMeta(portal.seo.signIn);

export function loader({ request }: Route.LoaderArgs) {
  return { signedOut: new URL(request.url).searchParams.has("signed-out") };
}

/** Asks for a sign-in link: every address gets the same answer; only a client's people mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const port = portalPort(context);
  const email = (await postedForm(request)).get("email")?.trim() ?? "";
  if (!emailSchema.safeParse(email).success || email.length > 254) {
    return data({ error: copy.invalidEmail, email: email.slice(0, 254) }, { status: 400 });
  }
  const outcome = await port.requestLink(email, appContext(context).clientIp ?? "");
  if (!outcome.ok) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      { error: fill(copy.rateLimited, { minutes }), email },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { sent: true as const, email };
}

export default function PortalSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <PortalShell>
      <Card className="mx-auto max-w-md" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="text-2xl font-bold text-white">
          {sent ? copy.sentTitle : copy.title}
        </h1>
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
            <a href={portalPaths.signIn} className={buttonClass("outline", "md", "mt-6")}>
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
                    autoComplete="email"
                    required
                    defaultValue={actionData?.email}
                  />
                )}
              </Field>
              <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
                {sending ? copy.sending : copy.submit}
              </button>
            </Form>
          </>
        )}
      </Card>
    </PortalShell>
  );
}
