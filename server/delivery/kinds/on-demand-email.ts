import type { DatabaseHandle } from "../../db/database.ts";
import { mailDomain } from "../messages.ts";
import type { DeliveryJob, DeliveryKind, SendContext } from "./kind.ts";

/**
 * What an on-demand delivery tells, read by the delivery's id (fixed when it was made, so a
 * retry says the same): `of` a job, throwing `gone` once it is no longer there; `skipReason`,
 * `gone` then, or what `skip` says of it (a cut delivered in the meantime).
 */
export function toldByDelivery<Facts>(
  what: string,
  read: (database: DatabaseHandle, deliveryId: string) => Promise<Facts | undefined>,
  gone: string,
  skip: (facts: Facts) => string | undefined = () => undefined,
) {
  const find = ({ delivery }: DeliveryJob, { database }: SendContext) => {
    if (!database) throw new Error(`the ${what} needs the database`);
    return read(database, delivery.id);
  };
  return {
    async of(job: DeliveryJob, context: SendContext): Promise<Facts> {
      const facts = await find(job, context);
      if (!facts) throw new Error(gone);
      return facts;
    },
    async skipReason(job: DeliveryJob, context: SendContext): Promise<string | undefined> {
      const facts = await find(job, context);
      return facts ? skip(facts) : gone;
    },
  };
}

/** An email a feature makes on demand (always configured): `send` mails what `told` reads. */
export function onDemandEmailKind<Name extends string, Facts>(
  name: Name,
  told: ReturnType<typeof toldByDelivery<Facts>>,
  send: (facts: Facts, job: DeliveryJob, context: SendContext) => Promise<void>,
) {
  return {
    name,
    made: "on-demand",
    configured: () => true,
    skipReason: told.skipReason,
    send: async (job, context) => send(await told.of(job, context), job, context),
  } as const satisfies DeliveryKind<Name>;
}

/**
 * One message to each of `to` (no one sees another's address), each with a Message-ID of its
 * own, `<delivery.index.tag@domain>`: a repeat after a crash is recognisable by its receiver.
 */
export async function mailEach(
  { config, mailer }: Pick<SendContext, "config" | "mailer">,
  job: DeliveryJob,
  tag: string,
  to: readonly string[],
  message: { subject: string; text: string },
): Promise<void> {
  const domain = mailDomain(config.MAIL_FROM);
  for (const [index, email] of to.entries()) {
    await mailer.send({
      from: config.MAIL_FROM,
      to: email,
      ...message,
      messageId: `<${job.delivery.id}.${index}.${tag}@${domain}>`,
    });
  }
}
