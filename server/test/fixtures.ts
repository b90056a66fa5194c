import { exampleAnswers } from "#app/shared/fields.ts";

/**
 * A complete, valid application (codes as the form sends them): every field's example from its
 * descriptor (app/shared/fields.ts), with `overrides` applied.
 */
export function validApplication(overrides: Partial<Record<string, unknown>> = {}) {
  return { ...exampleAnswers(), ...overrides };
}

/**
 * A valid application from an applicant of their own, named by `tag`: handle `@tag`, address
 * `tag@example.com` (each gets a confirmation of their own under the per-address cap).
 */
export function applicationOf(tag: string) {
  return validApplication({ accountHandle: `@${tag}`, email: `${tag}@example.com` });
}
