import { personByEmail } from "../../db/portal/client-people.ts";
import { signInTokenInsert } from "../../db/portal/client-sessions.ts";
import { clientOfApplication } from "../../db/portal/clients.ts";
import {
  newPortalToken,
  portalLinkEmail,
  portalLinkLifetimeMs,
  portalLinkUrl,
} from "../../mail/portal-links.ts";
import { DeliveryError } from "../error-class.ts";
import type { DeliveryKind, SendContext } from "./kind.ts";

/** The person the invite is for: the applicant, while they are still one of the client's people. */
async function invitee(applicationId: string, email: string, { database }: SendContext) {
  if (!database) throw new Error("the portal invite needs the database");
  const client = await clientOfApplication(database, applicationId);
  const person = client ? await personByEmail(database, email) : undefined;
  return person && person.clientId === client?.id ? person : undefined;
}

/**
 * The invite to the client portal (decision 0079): made by "Invite to the portal" on an
 * Onboarded application's page, in the transaction that makes the client. Sent, it mints a
 * sign-in link (48 hours, once; its hash stored) for the applicant and emails it. A retry mints
 * another (the first never went out, or is useless without its email). Skipped when the
 * applicant is no longer one of the client's people.
 */
export const portalInviteKind = {
  name: "portal_invite",
  made: "on-demand",
  configured: () => true,
  async skipReason({ application }, context) {
    return (await invitee(application.id, application.email, context))
      ? undefined
      : "the applicant is no longer one of the client's people";
  },
  async send({ application }, context) {
    const person = await invitee(application.id, application.email, context);
    const { database, config, mailer } = context;
    if (!person || !database) {
      throw new DeliveryError("the invited person was removed", "submission_missing", {
        permanent: true,
      });
    }
    if (!config.PUBLIC_SITE_URL) throw new Error("the portal invite needs PUBLIC_SITE_URL");
    const now = Date.now();
    const { token, hash } = newPortalToken();
    await database.write(
      signInTokenInsert(database.db, {
        tokenHash: hash,
        personId: person.id,
        expiresAt: now + portalLinkLifetimeMs.invite,
        now,
      }),
    );
    const link = portalLinkUrl(config.PUBLIC_SITE_URL, token);
    await mailer.send(portalLinkEmail("invite", person.email, link, config.MAIL_FROM));
  },
} as const satisfies DeliveryKind;
