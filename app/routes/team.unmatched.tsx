import { data, redirect } from "react-router";
import { team as teamCopy } from "~/content/team";
import {
  applicationIdIn,
  namedApplicationsMax,
  namedSearchMinLength,
} from "~/shared/application-reference";
import { isSearchable, searchMaxLength } from "~/shared/inbox-query";
import { teamPaths } from "~/shared/paths";
import { fill } from "~/shared/text";
import { type ApplicationChoice, type UnmatchedPort, unmatchedPort } from "~/shared/unmatched-port";
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
 * What a member typed in Attach to application that is no application's id or page: part of
 * the applicant's name or email. The applications it matches come back as choices (each a
 * button that attaches), or a message says why there are none; nothing changes either way.
 */
async function choicesFor(team: UnmatchedPort, messageId: string, typed: string) {
  const refused = (message: string) => answer(team, { ok: false, message, messageId, typed }, 400);
  const length = [...typed].length;
  if (length === 0 || !isSearchable(typed)) return refused(copy.done.invalidApplication);
  if (length < namedSearchMinLength) {
    return refused(fill(copy.done.shortSearch, { min: namedSearchMinLength }));
  }
  if (length > searchMaxLength)
    return refused(fill(copy.done.longSearch, { max: searchMaxLength }));
  const choices = await team.applicationsNamed(typed);
  if (choices.length === 0) return refused(fill(copy.done.noMatch, { text: typed }));
  return answer(team, {
    ok: true,
    messageId,
    typed,
    choices,
    more: choices.length >= namedApplicationsMax,
  });
}

type Answer =
  | { ok: false; message: string; messageId: string; typed: string }
  | { ok: true; messageId: string; typed: string; choices: ApplicationChoice[]; more: boolean };

/**
 * The action's answer about one message, with the message as shown: newer mail may have pushed
 * it off the page meanwhile, and the member keeps it in view with what they typed.
 */
async function answer<T extends Answer>(team: UnmatchedPort, body: T, status = 200) {
  const shown = await team.unmatchedMessage(body.messageId);
  return data({ ...body, shown }, { status });
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
  const typed = form.get("application")?.trim() ?? "";
  // A name or an email (not an id, not a page's address): the applications it matches.
  if (intent === "attach" && !applicationIdIn(typed)) return choicesFor(team, messageId, typed);
  const choice =
    intent === "attach"
      ? ({ type: "attach", applicationId: form.get("application") ?? "" } as const)
      : intent === "delete"
        ? ({ type: "delete" } as const)
        : undefined;
  if (!choice) {
    return answer(team, { ok: false, message: copy.done.invalid, messageId, typed }, 400);
  }
  const outcome = await team.actOnUnmatched(member, messageId, choice);
  if (!outcome.ok) {
    return answer(team, { ok: false, message: outcome.message, messageId, typed }, 400);
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
  // The message just worked on stays in view, first, if newer mail pushed it off this page.
  const shown = !listed && actionData?.shown ? [actionData.shown, ...messages] : messages;
  const said =
    actionData && !actionData.ok && !listed && !actionData.shown
      ? actionData
      : loaderData.message
        ? { ok: true, message: loaderData.message }
        : undefined;
  return (
    <TeamShell member={member}>
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <p className="mt-2 max-w-prose text-zinc-300">{copy.intro}</p>
      <OutcomeNotice said={said} />
      {shown.length === 0 && !loaderData.later ? (
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
            {shown.map((message) => (
              <UnmatchedMessage
                key={message.id}
                message={message}
                action={formAction}
                error={
                  message.id === failedFor && !actionData?.ok ? actionData?.message : undefined
                }
                typed={message.id === failedFor ? actionData?.typed : undefined}
                choices={
                  message.id === failedFor && actionData?.ok
                    ? { list: actionData.choices, more: actionData.more }
                    : undefined
                }
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
