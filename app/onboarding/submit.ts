/**
 * Sending the questionnaire from the browser (docs/intake-api.md): one POST with the eleven
 * fields as JSON. Only whether the answer is ok matters; a failure is reported to the caller,
 * never thrown.
 */

import { fieldNames } from "~/shared/fields";
import { honeypotField } from "~/shared/intake-rules";
import { intakePath } from "~/shared/paths";
import type { OnboardingApplication } from "~/shared/schema";

export const submitTimeoutMs = 15_000;

/** `{API_BASE}/functions/v1/send-onboarding-email`; the same origin when no base is set. */
export function intakeUrl(apiBase: string | undefined): string {
  return `${(apiBase ?? "").replace(/\/+$/, "")}${intakePath}`;
}

/**
 * The JSON body: exactly the fields' keys, in the form's order (an optional one "" when empty, option
 * codes as they are). The honeypot goes along only when something filled it in.
 */
export function buildPayload(
  application: OnboardingApplication,
  website = "",
): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fieldNames) body[field] = application[field] ?? "";
  if (website !== "") body[honeypotField] = website;
  return body;
}

export type SendResult = { ok: true } | { ok: false; cause: unknown };

export async function sendOnboarding(
  application: OnboardingApplication,
  options: {
    idempotencyKey: string;
    website?: string;
    apiBase?: string;
    fetch?: typeof fetch;
    timeoutMs?: number;
  },
): Promise<SendResult> {
  const send = options.fetch ?? fetch;
  try {
    const response = await send(intakeUrl(options.apiBase), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": options.idempotencyKey,
      },
      body: JSON.stringify(buildPayload(application, options.website)),
      signal: AbortSignal.timeout(options.timeoutMs ?? submitTimeoutMs),
    });
    if (response.ok) return { ok: true };
    return { ok: false, cause: new Error(`HTTP ${response.status} ${response.statusText}`.trim()) };
  } catch (cause) {
    return { ok: false, cause };
  }
}
