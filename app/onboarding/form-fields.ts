/**
 * How each question is asked: the copy comes from app/content/questionnaire.ts, the choices
 * from the schema; this file only says which control each field is and how browsers may help
 * fill it.
 */

import { questionnaire } from "~/content/questionnaire";
import { accountTypes, audienceSizes, type FieldName, platforms } from "~/shared/fields";

type Option = { value: string; label: string };

export type Control =
  | { kind: "input"; type: "text" | "email"; autoComplete: string; spellCheck?: false }
  | { kind: "select"; options: readonly Option[] }
  | { kind: "textarea" };

const controls: Record<Exclude<FieldName, "selectedPlan">, Control> = {
  name: { kind: "input", type: "text", autoComplete: "name" },
  email: { kind: "input", type: "email", autoComplete: "email", spellCheck: false },
  accountHandle: { kind: "input", type: "text", autoComplete: "off", spellCheck: false },
  accountType: { kind: "select", options: accountTypes },
  primaryPlatform: { kind: "select", options: platforms },
  audienceSize: { kind: "select", options: audienceSizes },
  contentNiche: { kind: "input", type: "text", autoComplete: "off" },
  goals: { kind: "textarea" },
  currentChallenges: { kind: "textarea" },
  brandStyle: { kind: "textarea" },
};

export interface Question {
  name: Exclude<FieldName, "selectedPlan">;
  label: string;
  hint?: string;
  placeholder: string;
  required: boolean;
  /** Takes the whole row on wide screens (long answers). */
  wide: boolean;
  control: Control;
}

/** The four sections and their questions, in the order the form shows them. */
export const sections: readonly { title: string; questions: readonly Question[] }[] =
  questionnaire.sections.map((section) => ({
    title: section.title,
    questions: section.fields.map((field) => {
      const name = field.name as Question["name"];
      return {
        name,
        label: field.label,
        hint: "hint" in field ? field.hint : undefined,
        placeholder: field.placeholder,
        required: name !== "brandStyle",
        wide: name === "contentNiche" || controls[name].kind === "textarea",
        control: controls[name],
      };
    }),
  }));
