import type { SendMailOptions } from "nodemailer";
import type { Owner } from "../../db/deliveries/claims.ts";
import type { Application } from "../../db/schema.ts";
import { applicantConfirmation, type MailConfig, teamNotification } from "../messages.ts";
import type { DeliveryKind } from "./kind.ts";
import { replyTagSecret } from "./reply-tag-secret.ts";

/** An email made with every application, built from it by `build`. */
const applicationEmail = <Name extends string>(
  name: Name,
  build: (
    application: Application,
    config: MailConfig,
    owner: Owner | null,
    secret: string,
  ) => Promise<SendMailOptions>,
) =>
  ({
    name,
    made: "application",
    configured: () => true,
    async send({ application, owner }, { config, mailer, database }) {
      // Its Message-ID carries a tag under the instance's secret: the proof a reply to it has.
      const secret = await replyTagSecret(database);
      await mailer.send(await build(application, config, owner ?? null, secret));
    },
  }) as const satisfies DeliveryKind<Name>;

/** The team's email about a new application (its owner, its due time): Reply-To the applicant. */
export const teamNotificationKind = applicationEmail("team_notification", teamNotification);

/** The applicant's confirmation (capped per address and per hour when it is stored). */
export const applicantConfirmationKind = applicationEmail(
  "applicant_confirmation",
  (application, config, _owner, secret) => applicantConfirmation(application, config, secret),
);
