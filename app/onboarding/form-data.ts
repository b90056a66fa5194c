/**
 * Reading the questionnaire from its form: in the browser before sending, and on the server when
 * the form was posted without JavaScript (the route's action). One reader, the same names.
 */

import { type FieldName, fieldNames } from "~/shared/fields";
import { honeypotField, uuidPattern } from "~/shared/intake-rules";

export type FormValues = Record<FieldName, string>;

export interface PostedForm {
  /** What gets validated and sent: the eleven fields, plus the honeypot when a bot filled it. */
  input: Record<string, string>;
  /** The eleven fields as typed, to show them again beside their messages. */
  values: FormValues;
  /** The honeypot: empty unless a bot filled it in. */
  website: string;
  idempotencyKey?: string;
}

export function readPostedForm(formData: FormData): PostedForm {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(fieldNames.map((field) => [field, text(field)])) as FormValues;
  const website = text(honeypotField);
  const input: Record<string, string> = { ...values };
  if (website !== "") input[honeypotField] = website;
  const key = text("idempotencyKey");
  return { input, values, website, idempotencyKey: uuidPattern.test(key) ? key : undefined };
}

/** The same, from the form element in the page. */
export function readForm(form: HTMLFormElement): PostedForm {
  return readPostedForm(new FormData(form));
}
