import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "./select-field";

/**
 * One choice posted to the route's action: a hidden `intent`, a labelled select and its button
 * (the application's Status, its Owner). Keyed by the value, so a saved choice shows at once.
 */
export function SelectForm(props: {
  intent: string;
  /** The field's name, and its id (one such form per choice on a page). */
  name: string;
  label: string;
  /** The empty first choice; the label when not given. */
  placeholder?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  submit: string;
  tone?: "primary" | "outline";
  /** More hidden fields posted with it (the Owner's `seen`: the owner shown). */
  hidden?: Readonly<Record<string, string>>;
}) {
  return (
    <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex-1">
        <SelectField
          id={props.name}
          name={props.name}
          key={props.value}
          label={props.label}
          placeholder={props.placeholder ?? props.label}
          defaultValue={props.value}
          options={props.options}
        />
      </div>
      <button type="submit" className={buttonClass(props.tone ?? "primary", "md", "h-12")}>
        {props.submit}
      </button>
    </Form>
  );
}
