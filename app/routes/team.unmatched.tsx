import { data, redirect } from "react-router";
import { team as teamCopy } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import { fill } from "~/shared/text";
import { unmatchedPort } from "~/shared/unmatched-port";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import { UnmatchedMessage } from "~/team/unmatched-message";
import type { Route } from "./+types/team.unmatched";

const copy = teamCopy.unmatched;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.unmatched);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, unmatchedPort);
  const search = new URL(request.url).searchParams;
  // A page: the newest 20, or the 20 before `?before=` (Older emails), at any depth.
  const before = search.get("before") ?? undefined;
  const page = await team.unmatched({ before });
  const done = search.get("done");
  const message =
    done === "attachReply" || done === "deleteUnmatched" ? copy.done[done] : undefined;
  // The top bar counts them all, as every page does (read now: newer than the session's).
  return {
    member: { ...member, unmatched: page.total },
    messages: page.messages,
    total: page.total,
    next: page.next,
    later: page.later,
    before,
    message,
  };
}

/**
 * Attach to application, or Delete: one unmatched email, named by the form's `message`, on
 * whichever page it was listed (the page's `?before=` is kept for the answer).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, unmatchedPort);
  const form = await postedForm(request);
  const messageId = form.get("message") ?? "";
  const intent = form.get("intent");
  const choice =
    intent === "attach"
      ? ({ type: "attach", applicationId: form.get("application") ?? "" } as const)
      : intent === "delete"
        ? ({ type: "delete" } as const)
        : undefined;
  if (!choice) return data({ ok: false, message: copy.done.invalid, messageId }, { status: 400 });
  const outcome = await team.actOnUnmatched(member, messageId, choice);
  if (!outcome.ok) {
    return data({ ok: false, message: outcome.message, messageId }, { status: 400 });
  }
  // Post/redirect/get: reloading shows the list, never repeats the action; the same page.
  const before = new URL(request.url).searchParams.get("before");
  const page = before ? `&before=${encodeURIComponent(before)}` : "";
  return redirect(`${teamPaths.unmatched}?done=${outcome.done}${page}`);
}

export default function TeamUnmatched({ loaderData, actionData }: Route.ComponentProps) {
  const { member, messages } = loaderData;
  // The forms post to this very page (`?before=` kept), so the answer comes back to it.
  const formAction = loaderData.before
    ? `${teamPaths.unmatched}?before=${encodeURIComponent(loaderData.before)}`
    : teamPaths.unmatched;
  const failedFor = actionData?.messageId;
  const listed = messages.some((message) => message.id === failedFor);
  const said =
    actionData && !listed
      ? actionData
      : loaderData.message
        ? { ok: true, message: loaderData.message }
        : undefined;
  return (
    <TeamShell member={member}>
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <p className="mt-2 max-w-prose text-zinc-300">{copy.intro}</p>
      <OutcomeNotice said={said} />
      {messages.length === 0 && !loaderData.later ? (
        <p className="mt-8 text-zinc-400">{copy.empty}</p>
      ) : (
        <>
          <p className="mt-6 text-sm text-zinc-400">
            {fill(copy.count, {
              count: String(loaderData.total),
              shown: String(messages.length),
            })}
          </p>
          <ul className="mt-4 flex flex-col gap-4">
            {messages.map((message) => (
              <UnmatchedMessage
                key={message.id}
                message={message}
                action={formAction}
                error={message.id === failedFor ? actionData?.message : undefined}
              />
            ))}
          </ul>
          <nav className="mt-6 flex flex-wrap gap-4 text-sm" aria-label={copy.title}>
            {loaderData.later ? (
              <a href={teamPaths.unmatched} className="text-brand-300 underline underline-offset-4">
                {copy.newest}
              </a>
            ) : null}
            {loaderData.next ? (
              <a
                href={`${teamPaths.unmatched}?before=${encodeURIComponent(loaderData.next)}`}
                className="text-brand-300 underline underline-offset-4"
              >
                {copy.older}
              </a>
            ) : null}
          </nav>
        </>
      )}
    </TeamShell>
  );
}
