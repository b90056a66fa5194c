import { alertEmail } from "../alerts.ts";
import type { DeliveryKind } from "./kind.ts";

/** A delivery that failed for good, told by email to ALERT_EMAIL (default TEAM_EMAIL). */
export const alertEmailKind = {
  name: "alert_email",
  made: "alert",
  configured: () => true,
  async send({ delivery }, { config, mailer }) {
    await mailer.send(
      alertEmail(delivery, { ...config, ALERT_EMAIL: config.ALERT_EMAIL ?? config.TEAM_EMAIL }),
    );
  },
} as const satisfies DeliveryKind;
