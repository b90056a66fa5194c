import { data, redirect } from "react-router";
import { team as teamCopy } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import { UnmatchedMessage } from "~/team/unmatched-message";
import type { Route } from "./+types/team.unmatched";

const copy = teamCopy.unmatched;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.unmatched);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context);
  const messages = await team.unmatched();
  const done = new URL(request.url).searchParams.get("done");
  const message =
    done === "attachReply" || done === "deleteUnmatched" ? copy.done[done] : undefined;
  // The count in the top bar is the one read with the session: this page's list is newer.
  return { member: { ...member, unmatched: messages.length }, messages, message };
}

/** Attach to application, or Delete: one unmatched email, named by the form's `message`. */
export async function action({ request, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context);
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
  // Post/redirect/get: reloading shows the list, never repeats the action.
  return redirect(`${teamPaths.unmatched}?done=${outcome.done}`);
}

export default function TeamUnmatched({ loaderData, actionData }: Route.ComponentProps) {
  const { member, messages } = loaderData;
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
      {messages.length === 0 ? (
        <p className="mt-8 text-zinc-400">{copy.empty}</p>
      ) : (
        <ul className="mt-8 flex flex-col gap-4">
          {messages.map((message) => (
            <UnmatchedMessage
              key={message.id}
              message={message}
              error={message.id === failedFor ? actionData?.message : undefined}
            />
          ))}
        </ul>
      )}
    </TeamShell>
  );
}
