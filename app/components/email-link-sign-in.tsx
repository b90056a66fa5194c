import type { ComponentType, ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod/mini";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { fill } from "~/shared/text";

// Signing in by an emailed link: the team's pages and the client portal's ask the same way, each
// with its own words, its own realm behind `requestLink` and its own frame around the card.

/** A side's sign-in pages: its frame (TeamShell, PortalShell) and its sign-in page's address. */
export interface SignInSide {
  Shell: ComponentType<{ children: ReactNode }>;
  signInPath: string;
}

/** A sign-in step's page: one narrow card in the side's frame, its heading (`id`) naming it. */
function SignInCard(props: { side: SignInSide; id: string; title: string; children: ReactNode }) {
  return (
    <props.side.Shell>
      <Card className="mx-auto max-w-md" aria-labelledby={props.id}>
        <h1 id={props.id} className="text-2xl font-bold text-white">
          {props.title}
        </h1>
        {props.children}
      </Card>
    </props.side.Shell>
  );
}

/** The words of a sign-in page (app/content: `team.signIn`, `portal.client.signIn`). */
export interface EmailLinkCopy {
  title: string;
  intro: string;
  emailLabel: string;
  submit: string;
  sending: string;
  invalidEmail: string;
  rateLimited: string;
  sentTitle: string;
  sentBody: string;
  another: string;
  signedOut: string;
}

const emailSchema = z.email();
const emailMaxLength = 254;

/** `?signed-out`: the page says so once. */
export function signedOutLoader({ request }: { request: Request }) {
  return { signedOut: new URL(request.url).searchParams.has("signed-out") };
}

/**
 * Asks for a link for the posted address. Every address gets the same answer (only the
 * realm's own people are mailed); a bad address or too many asks say so, and nothing is sent.
 */
export async function emailLinkAction(
  form: URLSearchParams,
  copy: EmailLinkCopy,
  requestLink: (email: string) => Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>,
) {
  const email = form.get("email")?.trim() ?? "";
  if (!emailSchema.safeParse(email).success || email.length > emailMaxLength) {
    return data(
      { error: copy.invalidEmail, email: email.slice(0, emailMaxLength) },
      { status: 400 },
    );
  }
  const outcome = await requestLink(email);
  if (!outcome.ok) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      { error: fill(copy.rateLimited, { minutes }), email },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { sent: true as const, email };
}

type Answer = { sent: true; email: string } | { error: string; email: string } | undefined;

/**
 * The sign-in page: its card holds the form (no browser bubbles: the server's message beneath
 * the field), or "check your email" once sent. `children` follow the form (the team's passkey).
 */
export function EmailLinkSignIn(props: {
  side: SignInSide;
  copy: EmailLinkCopy;
  loaderData: { signedOut: boolean };
  actionData?: Answer;
  autoComplete: string;
  children?: ReactNode;
}) {
  const { copy, actionData: answer } = props;
  const sending = useNavigation().state === "submitting";
  const error = answer && "error" in answer ? answer.error : undefined;
  const sent = answer && "sent" in answer ? answer : undefined;
  return (
    <SignInCard side={props.side} id="sign-in-title" title={sent ? copy.sentTitle : copy.title}>
      {props.loaderData.signedOut && !answer ? (
        <p role="status" className="mt-3 text-sm text-emerald-300">
          {copy.signedOut}
        </p>
      ) : null}
      {sent ? (
        <>
          <p role="status" className="mt-3 text-zinc-300">
            {fill(copy.sentBody, { email: sent.email })}
          </p>
          <a href={props.side.signInPath} className={buttonClass("outline", "md", "mt-6")}>
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
                  autoComplete={props.autoComplete}
                  required
                  defaultValue={answer?.email}
                />
              )}
            </Field>
            <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
              {sending ? copy.sending : copy.submit}
            </button>
          </Form>
          {props.children}
        </>
      )}
    </SignInCard>
  );
}

/** What an emailed link is when opened: whose, or spent. */
export type SignInLinkState = { state: "valid"; email: string } | { state: "expired" | "used" };

/** The words of the page an emailed link opens (`team.link`, `portal.client.link`). */
export interface SignInLinkCopy {
  title: string;
  intro: string;
  button: string;
  expiredTitle: string;
  expiredBody: string;
  usedTitle: string;
  usedBody: string;
  newLink: string;
}

/** The page an emailed link opens: the token while it is valid (else ""), and what the link is. */
export async function signInLinkLoader(
  request: Request,
  linkState: (token: string) => Promise<SignInLinkState>,
) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await linkState(token);
  return { token: state.state === "valid" ? token : "", state };
}

/**
 * The page an emailed link opens. Opening it uses nothing (mail scanners open links too): it
 * says whose link it is, with a "Sign in" button whose POST alone uses the token
 * (`reloadDocument`: the session's cookie comes with a whole page), or that the link has expired
 * or been used (`actionData`: the POST found it so), with the way to a new one.
 */
export function SignInLinkPage(props: {
  side: SignInSide;
  copy: SignInLinkCopy;
  loaderData: { token: string; state: SignInLinkState };
  actionData?: { state: SignInLinkState };
}) {
  const { copy } = props;
  const { state } = props.actionData ?? props.loaderData;
  if (state.state === "valid") {
    return (
      <SignInCard side={props.side} id="link-title" title={copy.title}>
        <p className="mt-3 text-zinc-300">{fill(copy.intro, { email: state.email })}</p>
        <Form method="post" className="mt-6" reloadDocument>
          <input type="hidden" name="token" value={props.loaderData.token} />
          <button type="submit" className={buttonClass("primary", "lg", "w-full")}>
            {copy.button}
          </button>
        </Form>
      </SignInCard>
    );
  }
  const expired = state.state === "expired";
  return (
    <SignInCard
      side={props.side}
      id="link-title"
      title={expired ? copy.expiredTitle : copy.usedTitle}
    >
      <p className="mt-3 text-zinc-300">{expired ? copy.expiredBody : copy.usedBody}</p>
      <a href={props.side.signInPath} className={buttonClass("primary", "lg", "mt-6 w-full")}>
        {copy.newLink}
      </a>
    </SignInCard>
  );
}
