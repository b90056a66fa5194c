/**
 * Reading the questionnaire from its form: in the browser before sending, and on the server when
 * the form was posted without JavaScript (the route's action). One reader, the same names.
 */
import { type FieldName, fieldNames } from "~/shared/schema";

export type FormValues = Record<FieldName, string>;

export interface PostedForm {
  /** What gets validated and sent: the eleven fields, plus `website` when a bot filled it. */
  input: Record<string, string>;
  /** The eleven fields as typed, to show them again beside their messages. */
  values: FormValues;
  /** The honeypot: empty unless a bot filled it in. */
  website: string;
  idempotencyKey?: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readPostedForm(formData: FormData): PostedForm {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(fieldNames.map((field) => [field, text(field)])) as FormValues;
  const website = text("website");
  const input: Record<string, string> = { ...values };
  if (website !== "") input.website = website;
  const key = text("idempotencyKey");
  return { input, values, website, idempotencyKey: uuid.test(key) ? key : undefined };
}

/** The same, from the form element in the page. */
export function readForm(form: HTMLFormElement): PostedForm {
  return readPostedForm(new FormData(form));
}
