import type { SendMailOptions } from "nodemailer";
import type { Submission } from "../../db/schema.ts";
import { applicantConfirmation, type MailConfig, teamNotification } from "../messages.ts";
import type { DeliveryJob, DeliveryKind } from "./kind.ts";

/** An email made with every application, built from it by `build`. */
const applicationEmail = <Name extends string>(
  name: Name,
  build: (
    submission: Submission,
    config: MailConfig,
    owner: DeliveryJob["owner"],
  ) => Promise<SendMailOptions>,
) =>
  ({
    name,
    made: "application",
    configured: () => true,
    async send({ submission, owner }, { config, mailer }) {
      await mailer.send(await build(submission, config, owner ?? null));
    },
  }) as const satisfies DeliveryKind<Name>;

/** The team's email about a new application (its owner, its due time): Reply-To the applicant. */
export const teamNotificationKind = applicationEmail("team_notification", teamNotification);

/** The applicant's confirmation (capped per address and per hour when it is stored). */
export const applicantConfirmationKind = applicationEmail(
  "applicant_confirmation",
  applicantConfirmation,
);
