/**
 * How each question is asked: the copy comes from app/content/questionnaire.ts, the control,
 * its choices and whether it may be left empty from the field's descriptor
 * (app/shared/fields.ts). Nothing here names a field.
 */

import { questionnaire } from "~/content/questionnaire";
import { fieldsByName, type Option, type QuestionName } from "~/shared/fields";

export type Control =
  | { kind: "input"; type: "text" | "email"; autoComplete: string; spellCheck?: false }
  | { kind: "select"; options: readonly Option[] }
  | { kind: "textarea" };

export interface Question {
  name: QuestionName;
  label: string;
  hint?: string;
  placeholder: string;
  required: boolean;
  /** Takes the whole row on wide screens (long answers). */
  wide: boolean;
  control: Control;
}

function controlOf(name: QuestionName): Control {
  const field = fieldsByName[name];
  if (field.control.kind === "select") {
    return { kind: "select", options: "options" in field ? field.options : [] };
  }
  return field.control;
}

/** The sections and their questions, in the order the form shows them. */
export const sections: readonly { title: string; questions: readonly Question[] }[] =
  questionnaire.sections.map((section) => ({
    title: section.title,
    questions: section.fields.map((copy) => {
      const field = fieldsByName[copy.name];
      const control = controlOf(copy.name);
      return {
        name: copy.name,
        label: copy.label,
        hint: "hint" in copy ? copy.hint : undefined,
        placeholder: copy.placeholder,
        required: !("optional" in field && field.optional),
        wide: ("wide" in field && field.wide) || control.kind === "textarea",
        control,
      };
    }),
  }));
