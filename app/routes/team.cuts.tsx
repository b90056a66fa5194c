import { data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { type CutAction, type CutRow, cutsPort } from "~/shared/cuts-port";
import { teamClientPath, teamClientsPath, teamCutsPath, teamRequestPath } from "~/shared/paths";
import { spanText } from "~/shared/response-clock";
import { fill } from "~/shared/text";
import { ClientSectionTabs } from "~/team/client-section-tabs";
import { Moment } from "~/team/moment";
import { NamedOptions } from "~/team/named-options";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.cuts";

const copy = portal.clock;

export const meta: Route.MetaFunction = () => teamMeta(portal.seo.cuts);

export async function loader({ context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, cutsPort);
  return { member, view: await team.list() };
}

/** Waiting on the client, back to work, or a new editor: the request's id from the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, cutsPort);
  const form = await postedForm(request);
  const intent = form.get("intent");
  const requestId = form.get("request") ?? "";
  let action: CutAction | undefined;
  if (intent === "pause" || intent === "resume" || intent === "complete") {
    action = { kind: intent, requestId, memberId: member.id };
  } else if (intent === "editor") {
    const editor = form.get("editor") ?? "";
    action = { kind: "editor", requestId, memberId: member.id, editorId: editor || null };
  }
  if (!action || requestId === "")
    return data({ ok: false, message: copy.unknown }, { status: 400 });
  const outcome = await team.act(action);
  if (outcome === "none") return data({ ok: false, message: copy.unknown }, { status: 404 });
  if (outcome === "cut-came-first") {
    return data({ ok: false, message: copy.cutCameFirst }, { status: 409 });
  }
  return data({ ok: true, message: copy.done });
}

function leftText(row: CutRow) {
  const time = spanText(row.spanMs);
  if (row.state === "overdue") return fill(copy.late, { time });
  return fill(row.state === "paused" ? copy.pausedLeft : copy.left, { time });
}

const stateText = { running: copy.running, paused: copy.paused, overdue: copy.overdue } as const;

/** Every open cut: client, request, which cut, editor, due, time left or overdue, paused. */
export default function TeamCuts({ loaderData, actionData }: Route.ComponentProps) {
  const { member, view } = loaderData;
  return (
    <TeamShell member={member} current={teamClientsPath}>
      <ClientSectionTabs current={teamCutsPath} />
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.cutsTitle}</h1>
      <p className="mt-2 text-zinc-400">{copy.cutsIntro}</p>
      <OutcomeNotice said={actionData} />
      {view.rows.length === 0 ? (
        <p className="mt-4 text-zinc-400">{copy.cutsEmpty}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {view.rows.map((row) => (
            <li
              key={`${row.requestId}-${row.turn}`}
              data-request={row.requestId}
              data-state={row.state}
              className="rounded-2xl border border-white/10 bg-surface p-4"
            >
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <dt className="text-zinc-400">{copy.columns.client}</dt>
                  <dd>
                    <a
                      href={teamClientPath(row.clientId)}
                      className="font-semibold text-white underline-offset-4 hover:underline"
                    >
                      {row.clientName}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-400">{copy.columns.request}</dt>
                  <dd className="break-words text-zinc-200">
                    {/* Its page: the client's footage for it, and where the cut is uploaded. */}
                    <a
                      href={teamRequestPath(row.clientId, row.requestId)}
                      className="text-white underline underline-offset-4"
                    >
                      {row.title}
                    </a>{" "}
                    · {row.turn === 0 ? copy.firstCut : fill(copy.revision, { number: row.turn })}
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-400">{copy.columns.due}</dt>
                  <dd className="text-zinc-200">
                    <Moment ms={row.dueAt} />
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-400">{copy.columns.state}</dt>
                  <dd
                    className={
                      row.state === "overdue" ? "font-semibold text-rose-300" : "text-zinc-200"
                    }
                  >
                    {stateText[row.state]}: {leftText(row)}
                  </dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
                <form method="post" className="flex min-w-0 flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="editor" />
                  <input type="hidden" name="request" value={row.requestId} />
                  <label className="grid min-w-0 max-w-full gap-1 text-sm text-zinc-400">
                    {copy.editorLabel}
                    <select
                      name="editor"
                      defaultValue={row.editor?.id ?? ""}
                      className="min-h-11 w-full max-w-64 rounded-lg border border-white/10 bg-ink px-3 text-white"
                    >
                      <NamedOptions none={copy.noEditor} items={view.members} />
                    </select>
                  </label>
                  <button type="submit" className={buttonClass("outline", "sm")}>
                    {copy.editorSave}
                  </button>
                </form>
                <form method="post">
                  <input
                    type="hidden"
                    name="intent"
                    value={row.state === "paused" ? "resume" : "pause"}
                  />
                  <input type="hidden" name="request" value={row.requestId} />
                  <button type="submit" className={buttonClass("outline", "sm")}>
                    {row.state === "paused" ? copy.resume : copy.pause}
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </TeamShell>
  );
}
