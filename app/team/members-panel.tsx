import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import type { SettingsField, SettingsFieldError, SettingsView } from "~/shared/settings-port";
import { fill } from "~/shared/text";
import { TeamTable } from "~/team/team-table";
import { Panel } from "./panel";
import { SettingsInput } from "./settings-input";

const copy = team.settings;
const cell = "border-b border-white/5 py-3 pr-3 align-top";

/** One small form that posts an intent about one member (each works without JavaScript). */
function MemberButton(props: {
  intent: string;
  member: string;
  label: string;
  text: string;
  danger?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="member" value={props.member} />
      <button
        type="submit"
        aria-label={props.label}
        className={buttonClass(props.danger ? "outline" : "ghost", "sm")}
      >
        {props.text}
      </button>
    </Form>
  );
}

/**
 * The team's members with their role and availability; admins also add, remove and choose
 * admins (the server refuses anyone else, whatever this page shows).
 */
export function MembersPanel(props: {
  view: SettingsView;
  failed?: {
    fields: Partial<Record<SettingsField, SettingsFieldError>>;
    values: Record<string, string>;
  };
}) {
  const { view, failed } = props;
  const admin = view.me.isAdmin;
  return (
    <Panel id="members-title" title={copy.membersTitle}>
      <p className="mt-2 text-sm text-zinc-300">
        {admin ? copy.membersIntro : copy.membersReadOnly}
      </p>
      <div className="mt-4 overflow-x-auto">
        <TeamTable
          labelledBy="members-title"
          columns={[
            { key: "name", label: copy.columns.name, className: "pr-3" },
            { key: "role", label: copy.columns.role, className: "pr-3" },
            ...(admin
              ? [
                  {
                    key: "remove",
                    label: <span className="sr-only">{copy.remove}</span>,
                    className: "",
                  },
                ]
              : []),
          ]}
        >
          {view.members.map((member) => {
            const me = member.id === view.me.id;
            return (
              <tr key={member.id}>
                <th scope="row" className={`${cell} font-semibold text-white`}>
                  {member.name}{" "}
                  {me ? <span className="font-normal text-zinc-400">{copy.you}</span> : null}
                  <span className="mt-0.5 block text-xs font-normal break-all text-zinc-400">
                    {member.email}
                  </span>
                  <span className="mt-0.5 block text-xs font-normal text-zinc-400">
                    {member.away ? copy.away : copy.available}
                  </span>
                </th>
                <td className={`${cell} text-zinc-200`}>
                  {member.isAdmin ? copy.admin : copy.member}
                  {admin ? (
                    <div className="mt-2">
                      <MemberButton
                        intent={member.isAdmin ? "unadmin" : "admin"}
                        member={member.id}
                        label={`${member.isAdmin ? copy.removeAdmin : copy.makeAdmin}: ${member.name}`}
                        text={member.isAdmin ? copy.removeAdmin : copy.makeAdmin}
                      />
                    </div>
                  ) : null}
                </td>
                {admin ? (
                  <td className={`${cell} text-right`}>
                    {me ? null : (
                      <MemberButton
                        intent="remove"
                        member={member.id}
                        label={fill(copy.removeLabel, { name: member.name })}
                        text={copy.remove}
                        danger
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </TeamTable>
      </div>
      {admin ? (
        <Form
          method="post"
          className="mt-6 flex flex-col gap-4"
          noValidate
          aria-labelledby="add-title"
        >
          <h3 id="add-title" className="text-base font-bold text-white">
            {copy.addTitle}
          </h3>
          <input type="hidden" name="intent" value="add" />
          <SettingsInput
            id="add-email"
            field="email"
            label={copy.emailLabel}
            refused={failed?.fields}
            type="email"
            defaultValue={failed?.values.email ?? ""}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <SettingsInput
            id="add-name"
            field="name"
            label={copy.newNameLabel}
            hint={copy.newNameHint}
            refused={failed?.fields}
            defaultValue={failed?.values.name ?? ""}
            autoComplete="off"
          />
          <label className="flex items-center gap-3 text-sm text-zinc-100">
            <input type="checkbox" name="admin" value="1" className="size-5 accent-brand-500" />
            {copy.adminLabel}
          </label>
          <div>
            <button type="submit" className={buttonClass("primary", "md")}>
              {copy.add}
            </button>
          </div>
        </Form>
      ) : null}
    </Panel>
  );
}
