import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { team as teamCopy } from "~/content/team";
import { applicationPort, type TeamAction } from "~/shared/application-port";
import { ownEntry } from "~/shared/own-entry";
import { applicationPath, teamPaths } from "~/shared/paths";
import { normalizeReply, replyProblem } from "~/shared/reply-rules";
import { fill } from "~/shared/text";
import { ApplicationActions } from "~/team/application-actions-form";
import { ListOrNone } from "~/team/list-or-none";
import { Moment, momentText } from "~/team/moment";
import { OutcomeNotice } from "~/team/outcome-notice";
import { OwnerPanel } from "~/team/owner-panel";
import { ReplyForm } from "~/team/reply-form";
import { defaultReplySubject, filledReplies } from "~/team/reply-templates";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { SourcePanel } from "~/team/source-panel";
import { StatusBadge } from "~/team/status-badge";
import { TeamNotFound } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import { Thread } from "~/team/thread";
import type { Route } from "./+types/team.application";

const copy = teamCopy.application;

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  teamMeta(
    loaded ? fill(teamCopy.seo.application, { name: loaded.view.name }) : teamCopy.seo.notFound,
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, applicationPort);
  const search = new URL(request.url).searchParams;
  // A page of the thread: the newest emails, or those before `?before=` (Earlier emails).
  const view = await team.application(params.id, { before: search.get("before") ?? undefined });
  if (!view) throw data(null, { status: 404 });
  const message = ownEntry<string>(copy.done, search.get("done"));
  // The saved replies of its plan, filled for this applicant and this member; `?template=`
  // (the Reply panel's "Use template" without JavaScript) starts the fields from one.
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
  return { member, view, message, reply, now: Date.now() };
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
      return {
        type: "reply",
        subject: form.get("subject") ?? "",
        body: form.get("body") ?? "",
        key: form.get("key") ?? "",
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, applicationPort);
  const action = readAction(await postedForm(request));
  if (!action) return data({ ok: false, message: copy.done.invalid }, { status: 400 });
  const outcome = await team.act(member, params.id, action);
  if (!outcome.ok) {
    if (outcome.error === "not_found") throw data(null, { status: 404 });
    // A refused reply comes back as it was typed, its message beneath the field at fault, with
    // a fresh key (nothing was sent with it; one more press sends it).
    const reply =
      action.type === "reply"
        ? {
            draft: { subject: action.subject, body: action.body },
            key: crypto.randomUUID(),
            error: replyProblem(normalizeReply(action)),
          }
        : undefined;
    // Someone changed it first (the owner, a draft's key): not a bad request. 200, so that the
    // page is loaded again (React Router does not after a 4xx) and shows who has it now.
    const status = outcome.error === "conflict" ? 200 : 400;
    return data({ ok: false, message: outcome.message, reply }, { status });
  }
  // Post/redirect/get: reloading the page shows it again, never repeats the action.
  if (outcome.done === "erase") return redirect(`${teamPaths.inbox}?erased=1`);
  return redirect(`${applicationPath(params.id)}?done=${outcome.done}`);
}

export default function TeamApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { member, view } = loaderData;
  const said =
    actionData ?? (loaderData.message ? { ok: true, message: loaderData.message } : undefined);
  const failed = view.deliveries.some((delivery) => delivery.status === "failed");
  const refused = actionData && "reply" in actionData ? actionData.reply : undefined;
  return (
    <TeamShell member={member}>
      <BackLink href={teamPaths.inbox}>{copy.back}</BackLink>
      <header className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight break-words text-white">
          {view.name}
        </h1>
        <StatusBadge status={view.status} />
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
            <Form method="post">
              <input type="hidden" name="intent" value="read" />
              <button type="submit" className={buttonClass("outline", "sm")}>
                {copy.markRead}
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <p className="mt-2 text-sm text-zinc-400">
        {fill(copy.received, { age: momentText(view.createdAt, member.timeZone ?? "UTC") })}
      </p>
      <OutcomeNotice said={said} />
      <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="answers-title">
            <h2 id="answers-title" className="text-xl font-bold text-white">
              {copy.answersTitle}
            </h2>
            <dl className="mt-3 divide-y divide-white/5 rounded-2xl border border-white/10 bg-surface">
              {view.answers.map((answer) => (
                <div key={answer.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr]">
                  <dt className="text-sm text-zinc-400">{answer.label}</dt>
                  <dd className="whitespace-pre-line break-words text-zinc-100">
                    {answer.value || "—"}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <Thread
            thread={view.thread}
            count={view.threadCount}
            earlierHref={
              view.threadEarlier
                ? `${applicationPath(view.id)}?before=${view.threadEarlier}#thread-title`
                : undefined
            }
            newestHref={view.threadLater ? `${applicationPath(view.id)}#thread-title` : undefined}
          />
          <ReplyForm
            key={`${view.threadCount}-${loaderData.reply.template}`}
            action={applicationPath(view.id)}
            templates={loaderData.reply.templates}
            template={loaderData.reply.template}
            draft={refused?.draft ?? loaderData.reply.draft}
            error={refused?.error}
            draftKey={refused?.key ?? loaderData.reply.key}
          />
          <Deliveries view={view} failed={failed} />
          <Audit view={view} />
        </div>
        <div className="flex flex-col gap-4">
          <OwnerPanel view={view} member={member} now={loaderData.now} />
          <SourcePanel source={view.source} />
          <ApplicationActions view={view} />
        </div>
      </div>
    </TeamShell>
  );
}

function Deliveries({
  view,
  failed,
}: {
  view: Route.ComponentProps["loaderData"]["view"];
  failed: boolean;
}) {
  return (
    <section aria-labelledby="deliveries-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deliveries-title" className="text-xl font-bold text-white">
          {copy.deliveriesTitle}
        </h2>
        {failed ? (
          <Form method="post" className="flex items-center gap-3">
            <input type="hidden" name="intent" value="retry" />
            <span className="text-sm text-zinc-400">{copy.retryHint}</span>
            <button type="submit" className={buttonClass("outline", "sm")}>
              {copy.retry}
            </button>
          </Form>
        ) : null}
      </div>
      <ListOrNone items={view.deliveries} none={copy.noDeliveries} className="gap-3">
        {(delivery) => (
          <li key={delivery.id} className="rounded-2xl border border-white/10 bg-surface p-4">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-white">
              {ownEntry(teamCopy.deliveryKinds, delivery.kind)?.label ?? delivery.kind}
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${delivery.status === "failed" ? "bg-rose-500/20 text-rose-200" : delivery.status === "done" ? "bg-emerald-400/15 text-emerald-200" : "bg-white/10 text-zinc-200"}`}
              >
                {ownEntry<string>(copy.deliveryStatuses, delivery.status) ?? delivery.status}
              </span>
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-zinc-400">{copy.attempts}</dt>
              <dd className="text-zinc-200">{delivery.attempts}</dd>
              <dt className="text-zinc-400">{copy.created}</dt>
              <dd className="text-zinc-200">
                <Moment ms={delivery.createdAt} />
              </dd>
              <dt className="text-zinc-400">{copy.updated}</dt>
              <dd className="text-zinc-200">
                <Moment ms={delivery.updatedAt} />
              </dd>
              {delivery.status === "pending" ? (
                <>
                  <dt className="text-zinc-400">{copy.nextAttempt}</dt>
                  <dd className="text-zinc-200">
                    <Moment ms={delivery.nextAttemptAt} />
                  </dd>
                </>
              ) : null}
              {delivery.status === "skipped" && delivery.skipReason ? (
                <>
                  <dt className="text-zinc-400">{copy.skipReason}</dt>
                  <dd className="text-zinc-200">
                    {ownEntry<string>(copy.skipReasons, delivery.skipReason) ?? delivery.skipReason}
                  </dd>
                </>
              ) : null}
              {delivery.lastError ? (
                <>
                  <dt className="text-zinc-400">{copy.lastError}</dt>
                  <dd className="break-words text-rose-200">{delivery.lastError}</dd>
                </>
              ) : null}
            </dl>
          </li>
        )}
      </ListOrNone>
    </section>
  );
}

function Audit({ view }: { view: Route.ComponentProps["loaderData"]["view"] }) {
  const auditText = (action: string, detail: string) => {
    const template =
      action === "assign" && !detail
        ? copy.auditActions.unassign
        : (ownEntry<string>(copy.auditActions, action) ?? action);
    const shown =
      action === "status" ? (ownEntry<string>(teamCopy.statuses, detail) ?? detail) : detail;
    return template.replace("{detail}", shown);
  };
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-xl font-bold text-white">
        {copy.auditTitle}
      </h2>
      <ListOrNone items={view.audit} none={copy.noAudit} className="gap-2 text-sm" ordered>
        {(line) => (
          <li key={line.id} className="rounded-xl bg-white/5 px-3 py-2">
            <span className="text-zinc-400">
              <Moment ms={line.createdAt} />
            </span>{" "}
            <span className="text-zinc-100">
              {line.memberEmail} {auditText(line.action, line.detail)}
            </span>
          </li>
        )}
      </ListOrNone>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <TeamNotFound copy={teamCopy.notFound} />;
  }
  return <ErrorScreen title={landing.error.title} back={landing.error.back} />;
}
