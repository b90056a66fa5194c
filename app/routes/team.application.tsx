import { data, Form, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { team as teamCopy } from "~/content/team";
import { type ApplicationView, applicationPort, type TeamAction } from "~/shared/application-port";
import { cursorOf } from "~/shared/inbox-query";
import { ownEntry } from "~/shared/own-entry";
import { normalizeReply, replyProblem } from "~/shared/reply-rules";
import { fill } from "~/shared/text";
import { ApplicationActions } from "~/team/application-actions-form";
import { ApplicationDetails, RetryForm } from "~/team/application-details";
import { type ApplicationSection, sectionOf } from "~/team/application-sections";
import { applicationHref, inboxContextOf, inboxHref } from "~/team/application-url";
import { bouncedEmail, deliveryErrorSentence } from "~/team/delivery-error";
import { momentText } from "~/team/moment";
import { NotesPanel } from "~/team/notes-panel";
import { OutcomeNotice } from "~/team/outcome-notice";
import { PortalInviteForm } from "~/team/portal-invite-form";
import { ReplyForm } from "~/team/reply-form";
import { defaultReplySubject, filledReplies } from "~/team/reply-templates";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { SummaryBar } from "~/team/summary-bar";
import { TeamPageError } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import { mergeTemplate } from "~/team/template-merge";
import { Thread } from "~/team/thread";
import type { Route } from "./+types/team.application";

const copy = teamCopy.application;

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  teamMeta(
    loaded ? fill(teamCopy.seo.application, { name: loaded.view.name }) : teamCopy.seo.notFound,
  );

/** Where this application stands in the inbox's order (Send and next goes on from there). */
const placeOf = (view: ApplicationView) =>
  cursorOf(view, !view.isSpam && view.firstResponseAt === null && view.dueAt !== null);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, applicationPort);
  const search = new URL(request.url).searchParams;
  // The page carries the inbox it was opened from (view, filters): see application-url.ts.
  const inbox = inboxContextOf(search);
  // A page of the thread: the newest emails, or those before `?earlier=` (Earlier emails).
  const view = await team.application(params.id, {
    before: search.get("earlier") ?? undefined,
  });
  if (!view) throw data(null, { status: 404 });
  const done = search.get("done");
  const message = ownEntry<string>(copy.done, done);
  // The saved replies of its plan, filled for this applicant and this member; `?template=`
  // (a link from before) starts the fields from one.
  const templates = filledReplies(view, member.name, member.signature);
  const chosen = templates.find((template) => template.id === search.get("template"));
  const reply = {
    templates,
    template: chosen?.id ?? "",
    // The draft's idempotency key: one reply per key, however often the form is posted.
    key: crypto.randomUUID(),
    draft: chosen
      ? { subject: chosen.subject, body: chosen.body }
      : { subject: defaultReplySubject(view), body: "" },
  };
  return {
    member,
    view,
    message: message ? { text: message, section: sectionOf(done) } : undefined,
    reply,
    place: placeOf(view),
    inbox: inbox.params.toString(),
    now: Date.now(),
  };
}

/** The form's intent → the action (anything else is refused and changes nothing). */
function readAction(form: URLSearchParams): TeamAction | undefined {
  switch (form.get("intent")) {
    case "status":
      return { type: "status", status: form.get("status") as never };
    case "note":
      return { type: "note", body: form.get("body") ?? "" };
    case "spam":
      return { type: "spam" };
    case "not-spam":
      return { type: "not-spam" };
    case "retry":
      return { type: "retry" };
    case "assign":
      return { type: "assign", ownerId: form.get("owner") ?? "", seen: form.get("seen") ?? "" };
    case "take":
      return { type: "take", seen: form.get("seen") ?? "" };
    case "reply":
    case "reply-next":
      return {
        type: "reply",
        subject: form.get("subject") ?? "",
        body: form.get("body") ?? "",
        key: form.get("key") ?? "",
        // The newest message the page showed; a form without it (from before) saw nothing.
        seen: form.get("seen") ?? "",
      };
    case "read":
      return { type: "read" };
    case "confirm-sender":
      return { type: "confirm-sender", messageId: form.get("message") ?? "" };
    case "unmatch":
      return { type: "unmatch", messageId: form.get("message") ?? "" };
    case "erase":
      return form.get("confirm") === "yes" ? { type: "erase" } : undefined;
    default:
      return undefined;
  }
}

/** What the page shows after a POST that did not redirect: a message where it was acted on. */
interface Answer {
  ok: boolean;
  message: string;
  section: ApplicationSection;
  reply?: {
    draft: { subject: string; body: string };
    key: string;
    template?: string;
    error?: { field: "subject" | "body"; message: string };
    stale?: boolean;
  };
  note?: { body: string; message: string };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, applicationPort);
  const form = await postedForm(request);
  const inbox = inboxContextOf(new URL(request.url).searchParams);
  const intent = form.get("intent");
  const section = sectionOf(intent);
  const answer = (body: Answer, status = 200) => data(body, { status });
  // "Use template" without JavaScript: the draft comes back with the template in it, what was
  // typed kept (added below it), nothing stored or sent.
  if (intent === "template") {
    const view = await team.application(params.id);
    if (!view) throw data(null, { status: 404 });
    const typed = { subject: form.get("subject") ?? "", body: form.get("body") ?? "" };
    const chosen = filledReplies(view, member.name, member.signature).find(
      (template) => template.id === form.get("template"),
    );
    const key = form.get("key") || crypto.randomUUID();
    if (!chosen) {
      return answer({
        ok: false,
        message: copy.reply.templateNone,
        section,
        reply: { draft: typed, key },
      });
    }
    const kept = typed.body.trim() !== "";
    return answer({
      ok: true,
      message: kept ? copy.reply.templateAdded : copy.reply.templateUsed,
      section,
      reply: { draft: mergeTemplate(typed, chosen, "insert"), key, template: chosen.id },
    });
  }
  const action = readAction(form);
  if (!action) return answer({ ok: false, message: copy.done.invalid, section }, 400);
  const outcome = await team.act(member, params.id, action);
  if (!outcome.ok) {
    if (outcome.error === "not_found") throw data(null, { status: 404 });
    // Someone changed it first (the owner, a draft's key, a message since): not a bad request.
    // 200, so that the page is loaded again (React Router does not after a 4xx) and shows it.
    // A refused field (an empty reply, a note too long) is the page again with its message
    // beneath the field, as sign-in answers: 200 too, the page's own answer, not an error.
    const status =
      outcome.error === "conflict" ||
      outcome.error === "stale" ||
      action.type === "reply" ||
      action.type === "note"
        ? 200
        : 400;
    if (action.type === "reply") {
      // A refused reply comes back as it was typed, its message beneath the field at fault,
      // with a fresh key (nothing was sent with it; one more press sends it).
      const error = replyProblem(normalizeReply(action));
      return answer(
        {
          ok: false,
          message: outcome.message,
          section,
          reply: {
            draft: { subject: action.subject, body: action.body },
            key: crypto.randomUUID(),
            error,
            stale: outcome.error === "stale",
          },
        },
        status,
      );
    }
    if (action.type === "note") {
      return answer(
        {
          ok: false,
          message: outcome.message,
          section,
          note: { body: action.body, message: outcome.message },
        },
        status,
      );
    }
    return answer({ ok: false, message: outcome.message, section }, status);
  }
  // Post/redirect/get, back to where it was done: reloading shows it, never repeats it.
  if (outcome.done === "erase") return redirect(inboxHref(inbox, { erased: "1" }));
  if (intent === "reply-next" && (outcome.done === "reply" || outcome.done === "alreadySent")) {
    const next = await team.nextInView(inbox.query, form.get("after") ?? "", params.id);
    return redirect(
      next
        ? applicationHref(next, inbox, { done: "replyNext" })
        : inboxHref(inbox, { sent: "last" }),
    );
  }
  return redirect(
    applicationHref(params.id, inbox, { done: outcome.done }, sectionOf(outcome.done)),
  );
}

export default function TeamApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { member, view } = loaderData;
  const inbox = inboxContextOf(new URLSearchParams(loaderData.inbox));
  const here = (hash: string) => applicationHref(view.id, inbox, {}, hash);
  const said: (Answer | { ok: true; message: string; section: ApplicationSection }) | undefined =
    actionData ??
    (loaderData.message
      ? { ok: true, message: loaderData.message.text, section: loaderData.message.section }
      : undefined);
  // A refusal of a field is said beneath that field, not twice.
  const fieldError = Boolean(actionData?.reply?.error || actionData?.note);
  const notice = (section: ApplicationSection) =>
    said?.section === section && !fieldError ? <OutcomeNotice said={said} /> : null;
  const refused = actionData?.reply;
  const bounced = bouncedEmail(view.deliveries);
  const failed = view.deliveries.filter((delivery) => delivery.status === "failed");
  return (
    <TeamShell member={member}>
      <BackLink href={inboxHref(inbox)}>{copy.back}</BackLink>
      <header className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-white sm:text-3xl">
          {view.name}
        </h1>
        {view.isSpam ? (
          <span className="rounded-full bg-amber-400/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200">
            {teamCopy.inbox.spamBadge}
          </span>
        ) : null}
        {view.newReply ? (
          <>
            <span className="rounded-full bg-sky-400/15 px-2.5 py-0.5 text-xs font-semibold text-sky-200">
              {copy.newReplyBadge}
            </span>
            <Form method="post" action={here("summary")} preventScrollReset>
              <input type="hidden" name="intent" value="read" />
              <button type="submit" className={buttonClass("outline", "sm")}>
                {copy.markRead}
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <p className="mt-1 text-sm break-all text-zinc-400">
        {fill(copy.received, { age: momentText(view.createdAt, member.timeZone ?? "UTC") })} ·{" "}
        {view.email}
      </p>
      {bounced ? (
        <p role="alert" className="mt-3 rounded-xl bg-rose-500/10 px-4 py-3 text-rose-200">
          {fill(copy.bounced[bounced], { email: view.email })}
        </p>
      ) : null}
      {failed.length > 0 && !bounced ? (
        <div className="mt-3 flex flex-col gap-2 rounded-xl bg-rose-500/10 px-4 py-3 text-rose-200">
          {failed.map((delivery) => (
            <p key={delivery.id}>
              {fill(copy.failedDelivery, {
                kind: ownEntry(teamCopy.deliveryKinds, delivery.kind)?.label ?? delivery.kind,
                sentence: deliveryErrorSentence(delivery) ?? "",
              })}
            </p>
          ))}
          <RetryForm action={here("summary")} />
        </div>
      ) : null}
      <SummaryBar view={view} member={member} now={loaderData.now} action={here("summary")}>
        {notice("summary")}
      </SummaryBar>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-6">
          {notice("thread")}
          <Thread
            thread={view.thread}
            count={view.threadCount}
            earlierHref={
              view.threadEarlier
                ? applicationHref(view.id, inbox, { earlier: view.threadEarlier }, "thread")
                : undefined
            }
            newestHref={view.threadLater ? here("thread") : undefined}
          />
          {view.isSpam ? (
            <p className="rounded-2xl border border-white/10 bg-surface p-5 text-sm text-zinc-300">
              {copy.reply.spamNoReply}
            </p>
          ) : (
            <ReplyForm
              key={`${view.latestMessage}-${refused?.key ?? ""}-${refused?.template ?? loaderData.reply.template}`}
              action={here("reply")}
              templates={loaderData.reply.templates}
              template={refused?.template ?? loaderData.reply.template}
              draft={refused?.draft ?? loaderData.reply.draft}
              error={refused?.error}
              stale={refused?.stale}
              draftKey={refused?.key ?? loaderData.reply.key}
              seen={view.latestMessage}
              after={loaderData.place}
              notice={notice("reply")}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <NotesPanel
            view={view}
            action={here("notes")}
            refused={actionData?.note}
            notice={notice("notes")}
          />
          <Answers view={view} />
          <ApplicationActions view={view} action={here("spam")} notice={notice("spam")} />
          <PortalInviteForm applicationId={view.id} status={view.status} />
          <ApplicationDetails view={view} action={here("details")} />
        </div>
      </div>
    </TeamShell>
  );
}

/** What they answered on the questionnaire: below the work, readable on every width. */
function Answers({ view }: { view: ApplicationView }) {
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title" className="text-lg font-bold text-white">
        {copy.answersTitle}
      </h2>
      <dl className="mt-3 divide-y divide-white/5 rounded-2xl border border-white/10 bg-surface">
        {view.answers.map((answer) => (
          <div key={answer.label} className="flex flex-col gap-1 px-4 py-3">
            <dt className="text-sm text-zinc-400">{answer.label}</dt>
            <dd className="whitespace-pre-line break-words text-zinc-100">{answer.value || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TeamPageError error={error} />;
}
