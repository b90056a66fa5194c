import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/database.ts";
import type { Owner } from "../../db/deliveries/claims.ts";
import type { Application, Delivery } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";

/** What a kind may read of the configuration (the worker's, the tests' and the alerts'). */
export type KindConfig = Pick<
  Config,
  "MAIL_FROM" | "TEAM_EMAIL" | "CONTACT_EMAIL" | "WEBHOOK_URL" | "WEBHOOK_SECRET"
> &
  Partial<
    Pick<
      Config,
      | "ALERT_EMAIL"
      | "PUBLIC_SITE_URL"
      | "SLACK_WEBHOOK_URL"
      | "DISCORD_WEBHOOK_URL"
      | "TEAMS_WEBHOOK_URL"
      | "REMINDER_BEFORE_SECONDS"
      /** Replies' Reply-To domain (REPLY_DOMAIN, else the domain of MAIL_FROM). */
      | "replyDomain"
    >
  >;

/** One claimed delivery, the application it belongs to, and that application's owner. */
export interface DeliveryJob {
  delivery: Delivery;
  application: Application;
  /** Null: unassigned (no member was available). */
  owner?: Owner | null;
}

/** What a kind sends with. `database`: for kinds that read more than the application. */
export interface SendContext {
  config: KindConfig;
  mailer: Mailer;
  database?: DatabaseHandle;
}

/**
 * One kind of delivery (a job of the outbox, as Solid Queue has one class per job): its name,
 * when it is made, whether it can go out with this configuration, and how it is sent. Its
 * label is content (`deliveryKinds` in the team's copy), by the same name. Registered in
 * ./registry.ts; the worker, the team's pages, alerts and metrics read only that list.
 */
export interface DeliveryKind<Name extends string = string> {
  readonly name: Name;
  /**
   * When a row of this kind is made: with every new application (`application`), with it but
   * to run at a time set from its due time (`scheduled`, see `fromDueMs`), when another
   * delivery fails for good (`alert`), or by the feature that needs it (`on-demand`).
   */
  readonly made: "application" | "scheduled" | "alert" | "on-demand";
  /**
   * Scheduled kinds: when a row runs, in ms from the application's due time (negative:
   * before it); undefined when this configuration makes none (a reminder set to 0).
   */
  fromDueMs?(config: KindConfig): number | undefined;
  /** True when the configuration has what sending it needs (an address, a URL). */
  configured(config: KindConfig): boolean;
  /** Sends it; throws when it did not go out (a DeliveryError says why, and if for good). */
  send(job: DeliveryJob, context: SendContext): Promise<void>;
  /**
   * Why it should not be sent now, if so (e.g. a reminder whose application was answered in
   * the meantime): the worker then records it as `skipped` with this reason, unsent.
   */
  skipReason?(job: DeliveryJob, context: SendContext): Promise<string | undefined>;
}
