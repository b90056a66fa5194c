import { data, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Card } from "~/components/ui/card";
import { TopGlow } from "~/components/ui/top-glow";
import { questionnaire } from "~/content/questionnaire";
import { pageMeta } from "~/lib/seo";
import { readPostedForm } from "~/onboarding/form-data";
import { OnboardingForm } from "~/onboarding/onboarding-form";
import { useScrollToTop } from "~/onboarding/use-scroll-to-top";
import { usePrerenderBeacon } from "~/onboarding/visit-beacon";
import { appContext } from "~/shared/app-context";
import { paths } from "~/shared/paths";
import { type FieldErrors, resolvePlan, validateOnboarding } from "~/shared/schema";
import type { Route } from "./+types/onboarding";

const copy = questionnaire;

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...questionnaire.seo.onboarding, path: paths.onboarding });

// Per visit: a fresh idempotency key and the CSP nonce are in the page, so it is never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = resolvePlan(new URL(request.url).searchParams.get("plan"));
  // What this page's beacons carry: the server counts none without it (no cookie involved).
  const beaconToken = (await appContext(context).beaconToken?.()) ?? "";
  return { plan, idempotencyKey: crypto.randomUUID(), beaconToken };
}

/** The questionnaire posted without JavaScript: checked, handed to the intake service. */
export async function action({ request, context }: Route.ActionArgs) {
  const { intake, clientIp, formRejection } = appContext(context);
  // The server refused the body unread (too large, or not the form's encoding): the page
  // again, with a fresh key and what to do. The answers were not read, so none come back.
  if (formRejection) {
    const formError = formRejection === 413 ? copy.errors.tooLarge : copy.errors.notAForm;
    return data({ formError, idempotencyKey: crypto.randomUUID() }, { status: formRejection });
  }
  const posted = readPostedForm(await request.formData());
  // The page again, with the answers as typed, the messages and the same idempotency key.
  const answer = (
    status: 400 | 422 | 429 | 503,
    body: { fieldErrors?: FieldErrors; formError: string },
    retryAfterSeconds = 60,
    idempotencyKey = posted.idempotencyKey,
  ) =>
    data(
      { ...body, values: posted.values, idempotencyKey },
      {
        status,
        headers:
          status === 429 || status === 503 ? { "Retry-After": String(retryAfterSeconds) } : {},
      },
    );
  const checked = validateOnboarding(posted.input);
  if (!checked.ok) {
    return answer(400, { fieldErrors: checked.fieldErrors, formError: copy.errors.invalid });
  }
  // No intake service in this process: say so, never pretend the answers were stored.
  if (!intake) return answer(503, { formError: copy.errors.unavailable });
  const outcome = await intake.submit(posted.input, {
    ip: clientIp ?? "",
    host: new URL(request.url).host,
    userAgent: request.headers.get("user-agent") ?? "",
    idempotencyKey: posted.idempotencyKey,
  });
  if (outcome.ok) return redirect(paths.thankYou);
  switch (outcome.error) {
    case "validation_failed":
      return answer(400, {
        fieldErrors: outcome.fieldErrors as FieldErrors,
        formError: copy.errors.invalid,
      });
    case "idempotency_key_reused":
      // This page was sent before with other answers (the back button, then changes): these
      // answers are a new application. Nothing was stored; a fresh key sends them as one.
      return answer(422, { formError: copy.errors.alreadySent }, 0, crypto.randomUUID());
    case "rate_limited":
      return answer(429, { formError: copy.errors.rateLimited }, outcome.retryAfterSeconds);
    case "overloaded":
      return answer(503, { formError: copy.errors.busy }, outcome.retryAfterSeconds);
    default:
      return answer(503, { formError: copy.errors.unavailable }, outcome.retryAfterSeconds);
  }
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, beaconToken } = loaderData;
  useScrollToTop();
  usePrerenderBeacon(beaconToken);
  return (
    <main className="relative isolate min-h-dvh overflow-hidden px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <TopGlow />
      <div className="mx-auto max-w-3xl">
        <BackLink href={paths.home}>{copy.back}</BackLink>
        <header className="mt-8 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
            {copy.title}
          </h1>
          <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-brand-400/30 bg-brand-500/10 px-4 py-1.5 text-sm text-zinc-200">
            {copy.selectedPlanLabel} <strong className="font-semibold text-white">{plan}</strong>
          </p>
        </header>
        <Card
          aria-labelledby="onboarding-card-title"
          className="animate-fade-up mt-10 [--fade-delay:600ms]"
        >
          <h2 id="onboarding-card-title" className="text-2xl font-bold text-white">
            {copy.cardTitle}
          </h2>
          <p className="mt-2 text-zinc-400">{copy.cardIntro}</p>
          <OnboardingForm
            key={plan}
            plan={plan}
            idempotencyKey={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
            beaconToken={beaconToken}
            server={actionData}
          />
        </Card>
      </div>
    </main>
  );
}
