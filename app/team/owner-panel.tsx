import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import type { TeamMember } from "~/shared/team-port";
import type { ApplicationView } from "~/shared/application-port";
import { fill } from "~/shared/text";
import { ClockBadge } from "./clock-badge";
import { useMomentText } from "./moment";
import { Panel } from "./panel";
import { SelectForm } from "./select-form";

const copy = team.application;

/**
 * Who answers this application, and by when: the clock, the Owner select with Assign, and
 * Take it for the member signed in. Plain forms posting to the route's action, each with the
 * owner it showed (`seen`): if someone changed it meanwhile, nothing changes and the member is
 * told who has it.
 */
export function OwnerPanel(props: { view: ApplicationView; member: TeamMember; now: number }) {
  const { view, member, now } = props;
  const options = view.members.map((one) => ({
    value: one.id,
    label: `${one.name} (${one.email})${one.away ? copy.awaySuffix : ""}`,
  }));
  const moment = useMomentText();
  return (
    <Panel id="owner-title" title={copy.ownerTitle}>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-zinc-300">
        <ClockBadge row={view} now={now} />
        {view.firstResponseAt !== null ? (
          <span>{fill(copy.answeredAt, { time: moment(view.firstResponseAt) })}</span>
        ) : view.dueAt !== null && !view.isSpam ? (
          <span>{fill(copy.dueAt, { time: moment(view.dueAt) })}</span>
        ) : null}
      </div>
      {view.ownerId === member.id ? (
        <p className="mt-2 text-sm text-emerald-200">{copy.yours}</p>
      ) : view.ownerId === null ? (
        <p className="mt-2 text-sm text-amber-200">{copy.unassignedNote}</p>
      ) : null}
      <SelectForm
        intent="assign"
        name="owner"
        label={copy.ownerLabel}
        placeholder={copy.nobody}
        value={view.ownerId ?? ""}
        options={options}
        submit={copy.assign}
        tone="outline"
        hidden={{ seen: view.ownerId ?? "" }}
      />
      {view.ownerId !== member.id ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="take" />
          {/* The owner shown: the server changes it only while it is still them. */}
          <input type="hidden" name="seen" value={view.ownerId ?? ""} />
          <button type="submit" className={buttonClass("primary", "md")}>
            {copy.take}
          </button>
        </Form>
      ) : null}
    </Panel>
  );
}
