import type { ComponentProps } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { team } from "~/content/team";
import {
  type SettingsField,
  type SettingsFieldError,
  settingsLimits,
} from "~/shared/settings-port";
import { fill } from "~/shared/text";

const copy = team.settings;
type Refused = Partial<Record<SettingsField, SettingsFieldError>>;

/** A refused field's message, in the copy's words. */
export function fieldMessage(
  fields: Refused | undefined,
  field: SettingsField,
): string | undefined {
  const error = fields?.[field];
  if (!error) return undefined;
  const max = field === "signature" ? settingsLimits.signature : settingsLimits.name;
  return fill(copy.fieldErrors[error], { max });
}

/**
 * A one-line field of /team/settings (a name, an address): posted as `field`, held to its
 * limit, with its refusal beneath it in the copy's words.
 */
export function SettingsInput({
  id,
  field,
  label,
  hint,
  refused,
  ...input
}: {
  /** The field's id on the page (two forms may post the same field). */
  id: string;
  field: "name" | "email";
  label: string;
  hint?: string;
  refused?: Refused;
} & Omit<ComponentProps<"input">, "id" | "name" | "maxLength">) {
  return (
    <Field name={id} label={label} hint={hint} error={fieldMessage(refused, field)}>
      {(control) => (
        <Input {...control} {...input} name={field} maxLength={settingsLimits[field]} />
      )}
    </Field>
  );
}
