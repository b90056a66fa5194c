import { useRef, useState } from "react";
import { type FieldErrors, type FieldName, fieldNames } from "~/shared/fields";

type Schema = typeof import("~/shared/schema");
type Result = ReturnType<Schema["validateOnboarding"]>;

let schema: Promise<Schema> | undefined;

/**
 * The shared schema (zod/mini), loaded once, when first needed: it is not on the page's way to
 * being interactive (decision 0027). Call it early (the first change of the form) so that it is
 * in by the time the visitor submits; `submit` and `changed` wait for it either way.
 */
export function loadSchema(): Promise<Schema> {
  schema ??= import("~/shared/schema").catch((error: unknown) => {
    schema = undefined; // not kept: the next call tries again
    throw error;
  });
  return schema;
}

/**
 * The questionnaire's messages: all shown on submit; after that, fields already shown invalid are
 * checked again as the visitor types (so a message goes away as soon as it is fixed, and comes
 * back if the field breaks again). The rules and messages are the shared schema's.
 */
export function useValidation(initial: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(initial ?? {});
  const live = useRef(new Set(Object.keys(initial ?? {}) as FieldName[]));

  return {
    errors,
    /** Checks everything; shows every message; resolves to the result. */
    async submit(input: unknown): Promise<Result> {
      const result = (await loadSchema()).validateOnboarding(input);
      const next = result.ok ? {} : result.fieldErrors;
      live.current = new Set(Object.keys(next) as FieldName[]);
      setErrors(next);
      return result;
    },
    /** Checks again the fields already shown invalid. */
    async changed(input: unknown): Promise<void> {
      if (live.current.size === 0) return;
      const result = (await loadSchema()).validateOnboarding(input);
      const fresh = result.ok ? {} : result.fieldErrors;
      setErrors((shown) => {
        const next = { ...shown };
        for (const field of live.current) {
          if (fresh[field]) next[field] = fresh[field];
          else delete next[field];
        }
        return sameErrors(shown, next) ? shown : next;
      });
    },
  };
}

/** The first field (in the form's order) with a message. */
export function firstInvalid(errors: FieldErrors): FieldName | undefined {
  return fieldNames.find((field) => errors[field]?.length);
}

function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  return fieldNames.every((field) => a[field]?.[0] === b[field]?.[0]);
}
