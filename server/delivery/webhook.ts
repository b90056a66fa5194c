import { Webhook } from "standardwebhooks";
import { applicationSource } from "#app/shared/application-source.ts";
import { fieldNames } from "#app/shared/schema.ts";
import type { Owner } from "../db/deliveries/claims.ts";
import type { Application } from "../db/schema.ts";

export const webhookTimeoutMs = 10_000;

/**
 * The JSON the webhook receives: the application's id, time and eleven answers (codes), its
 * owner (null: unassigned), when it is due, and where it came from (`source`: source, medium,
 * campaign, referrer, landingPage of the visit; null when no visit was found).
 */
export function webhookBody(application: Application, owner: Owner | null = null): string {
  const answers = Object.fromEntries(fieldNames.map((field) => [field, application[field]]));
  return JSON.stringify({
    type: "submission.created",
    timestamp: new Date(Number(application.createdAt)).toISOString(),
    data: {
      id: application.id,
      ...answers,
      owner: owner && { name: owner.name, email: owner.email },
      dueAt: application.dueAt === null ? null : new Date(Number(application.dueAt)).toISOString(),
      source: applicationSource(application),
    },
  });
}

/**
 * The Standard Webhooks headers of one attempt (https://www.standardwebhooks.com): the message
 * id (the delivery's id, the same on every retry, so a receiver can drop repeats), the time of
 * this attempt, and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` made with the secret.
 * A receiver refuses a timestamp more than five minutes away, so a captured request cannot be
 * replayed later.
 */
export function webhookHeaders(
  body: string,
  target: { secret: string; messageId: string },
  now = new Date(),
): Record<string, string> {
  const signature = new Webhook(target.secret).sign(target.messageId, now, body);
  return {
    "webhook-id": target.messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

/** POSTs the application; anything but a 2xx answer within 10 s is an error (and retried). */
export async function sendWebhook(
  application: Application,
  target: { url: string; secret: string; deliveryId: string },
  owner: Owner | null = null,
): Promise<void> {
  const body = webhookBody(application, owner);
  const response = await fetch(target.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...webhookHeaders(body, { secret: target.secret, messageId: target.deliveryId }),
    },
    body,
    redirect: "error",
    signal: AbortSignal.timeout(webhookTimeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
