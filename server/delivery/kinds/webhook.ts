import { DeliveryError } from "../error-class.ts";
import { sendWebhook } from "../webhook.ts";
import type { DeliveryKind } from "./kind.ts";

/** The application POSTed to WEBHOOK_URL, signed per Standard Webhooks (../webhook.ts). */
export const webhookKind = {
  name: "webhook",
  made: "application",
  configured: (config) => Boolean(config.WEBHOOK_URL && config.WEBHOOK_SECRET),
  async send({ delivery, application, owner }, { config }) {
    if (!config.WEBHOOK_URL || !config.WEBHOOK_SECRET) {
      throw new DeliveryError("WEBHOOK_URL is not set", "not_configured");
    }
    await sendWebhook(
      application,
      {
        url: config.WEBHOOK_URL,
        secret: config.WEBHOOK_SECRET,
        deliveryId: delivery.id,
      },
      owner ?? null,
    );
  },
} as const satisfies DeliveryKind;
