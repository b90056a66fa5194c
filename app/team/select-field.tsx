import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";

/** A labelled choice among `options`; `placeholder` is the empty first choice. */
export function SelectField(props: {
  /** Ties the label to the select (unique on the page). */
  id: string;
  name: string;
  label: string;
  placeholder: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field name={props.id} label={props.label}>
      {(control) => (
        <Select
          {...control}
          name={props.name}
          defaultValue={props.defaultValue}
          placeholder={props.placeholder}
          options={props.options}
        />
      )}
    </Field>
  );
}
