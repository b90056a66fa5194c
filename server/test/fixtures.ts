import { sampleApplication } from "#app/shared/sample-application.ts";

/** A complete, valid application (codes as the form sends them), with `overrides` applied. */
export function validApplication(overrides: Partial<Record<string, unknown>> = {}) {
  return { ...sampleApplication, ...overrides };
}
