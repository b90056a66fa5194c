import type { ReactNode } from "react";

/** The ids that tie a control to its label, hint and error message. */
export function fieldIds(name: string) {
  return { control: `field-${name}`, hint: `field-${name}-hint`, error: `field-${name}-error` };
}

/** What a control needs to be described by its hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/**
 * A label, the control, an optional hint and, when invalid, the message beneath it. The control
 * gets the ids through `children`, so any input, select or textarea fits.
 */
export function Field(props: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const ids = fieldIds(props.name);
  const describedBy = [props.hint ? ids.hint : "", props.error ? ids.error : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={ids.control} className="text-sm font-medium text-zinc-100">
        {props.label}
      </label>
      {props.children({
        id: ids.control,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": props.error ? true : undefined,
      })}
      {props.hint ? (
        <p id={ids.hint} className="text-xs text-zinc-400">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={ids.error} className="text-sm font-medium text-rose-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
