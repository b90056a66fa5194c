import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { brand } from "~/content/brand";
import { emails } from "~/content/emails";
import { team } from "~/content/team";
import {
  type SettingsField,
  type SettingsFieldError,
  type SettingsView,
  settingsLimits,
} from "~/shared/settings-port";
import { fill } from "~/shared/text";
import { Panel } from "./panel";
import { fieldMessage, SettingsInput } from "./settings-input";

const copy = team.settings;

/** The member's own profile: display name, signature, time zone. Posts without JavaScript. */
export function ProfileForm(props: {
  me: SettingsView["me"];
  timeZones: string[];
  failed?: {
    fields: Partial<Record<SettingsField, SettingsFieldError>>;
    values: Record<string, string>;
  };
}) {
  const { me, failed } = props;
  const value = (name: "name" | "signature" | "timeZone") => failed?.values[name] ?? me[name];
  const example = fill(emails.reply.fromName, {
    member: value("name") || me.name,
    brand: brand.name,
  });
  return (
    <Panel id="profile-title" title={copy.profileTitle}>
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <SettingsInput
          id="profile-name"
          field="name"
          label={copy.nameLabel}
          hint={fill(copy.nameHint, { example })}
          refused={failed?.fields}
          defaultValue={value("name")}
          autoComplete="name"
          required
        />
        <Field
          name="profile-signature"
          label={copy.signatureLabel}
          hint={fill(copy.signatureHint, { brand: brand.name })}
          error={fieldMessage(failed?.fields, "signature")}
        >
          {(control) => (
            <Textarea
              {...control}
              name="signature"
              rows={3}
              defaultValue={value("signature")}
              maxLength={settingsLimits.signature}
            />
          )}
        </Field>
        <Field
          name="profile-time-zone"
          label={copy.timeZoneLabel}
          hint={copy.timeZoneHint}
          error={fieldMessage(failed?.fields, "timeZone")}
        >
          {(control) => (
            <Select
              {...control}
              name="timeZone"
              defaultValue={value("timeZone") === "UTC" ? "" : value("timeZone")}
              placeholder="UTC"
              options={props.timeZones
                .filter((zone) => zone !== "UTC")
                .map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
            />
          )}
        </Field>
        <div>
          <button type="submit" className={buttonClass("primary", "md")}>
            {copy.saveProfile}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
