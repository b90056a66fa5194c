import { createHmac } from "node:crypto";
import { fieldNames } from "#app/shared/schema.ts";
import type { Submission } from "../db/schema.ts";

export const signatureHeader = "X-Reelsmith-Signature";
export const webhookTimeoutMs = 10_000;

/** The JSON the webhook receives: the submission's id, time and eleven answers (codes). */
export function webhookBody(submission: Submission): string {
  const answers = Object.fromEntries(fieldNames.map((field) => [field, submission[field]]));
  return JSON.stringify({
    event: "submission.created",
    id: submission.id,
    createdAt: new Date(submission.createdAt).toISOString(),
    submission: answers,
  });
}

/** `sha256=<hex HMAC-SHA256 of the raw body with WEBHOOK_SECRET>`. */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** POSTs the submission; anything but a 2xx answer within 10 s is an error (and retried). */
export async function sendWebhook(
  submission: Submission,
  target: { url: string; secret: string; deliveryId: string },
): Promise<void> {
  const body = webhookBody(submission);
  const response = await fetch(target.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [signatureHeader]: signature(body, target.secret),
      "X-Reelsmith-Delivery": target.deliveryId,
    },
    body,
    redirect: "error",
    signal: AbortSignal.timeout(webhookTimeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
