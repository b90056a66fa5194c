/**
 * The tables of the intake service, as Kysely sees them (camelCase here, snake_case in SQL
 * through Kysely's CamelCasePlugin). Times are epoch milliseconds (integers on both databases).
 */
import type { Generated, Insertable, Selectable } from "kysely";
import type { FieldName } from "#app/shared/fields.ts";
import type { PortalTables } from "./portal-schema.ts";
import type { TeamTables } from "./team-schema.ts";
import type { VisitTables } from "./visits-schema.ts";

/**
 * One text column per field of the questionnaire (app/shared/fields.ts), named as the field:
 * a field's column is added by its migration and declared here by its descriptor.
 */
export type AnswerColumns = { [Name in FieldName]: string };

export interface ApplicationsTable extends AnswerColumns {
  /** A UUID. */
  id: string;
  createdAt: number;
  /** HMAC-SHA256 of the client IP with the instance-wide secret; never the raw IP. */
  ipHash: string;
  userAgent: string;
  /** 1 when the honeypot was filled: kept, never delivered. */
  isSpam: number;
  idempotencyKey: string | null;
  /** Where the team stands with the applicant (0003_team): new, contacted, onboarded, declined. */
  status: Generated<string>;
  /** SHA-256 (hex) of the answers sent with the idempotency key; null without a key. */
  idempotencyHash: string | null;
  /** The member who answers it (0007_response_promise); null: unassigned. */
  ownerId: Generated<string | null>;
  /** When the promise runs out: received + the promise (epoch ms). */
  dueAt: Generated<number | null>;
  /** When it was first answered (a reply, or a status past New); null: not yet. */
  firstResponseAt: Generated<number | null>;
  /** 1 when a reply came back that no member has answered or marked read (0010_conversation). */
  newReply: Generated<number>;
  /**
   * The visit it came from (0012_insights), looked up at intake: utm_source, else the
   * referrer's site, else "(direct)"; all null when no visit was found (not known).
   */
  visitSource: Generated<string | null>;
  visitMedium: Generated<string | null>;
  visitCampaign: Generated<string | null>;
  visitReferrer: Generated<string | null>;
  visitLandingPage: Generated<string | null>;
}

/** One message of an application's thread (0010_conversation): ours, or theirs. */
export interface ApplicationMessagesTable {
  id: string;
  /** Null: theirs, and it matched no application (the Unmatched list). */
  submissionId: string | null;
  direction: "out" | "in";
  /** The Message-ID header, with its angle brackets. */
  messageId: string | null;
  inReplyTo: string | null;
  fromAddress: string;
  fromName: Generated<string>;
  toAddress: string;
  subject: string;
  /** The whole text: ours as sent; theirs, the text part (or its HTML turned into text). */
  body: string;
  /** What the thread shows: theirs with the quoted history folded away; ours, the body. */
  visible: string;
  /** Theirs: the raw message, a file under DATA_DIR (relative path). */
  rawFile: string | null;
  /** Theirs: SPF, DKIM and DMARC results as JSON ({"spf":"pass",…}). */
  auth: string | null;
  /** Ours: the member who sent it. */
  memberEmail: string | null;
  /** Ours: the outbox delivery that sends it. */
  deliveryId: string | null;
  /** Ours: the idempotency key of the draft it was sent from (0016; unique per application). */
  replyKey: Generated<string | null>;
  createdAt: number;
  /** Theirs: bytes kept on disk, the raw file and the attachments (0013_inbound_limits). */
  size: Generated<number>;
  /**
   * Theirs, when it is not (yet) the applicant's reply (0014_message_flags): `sender` (proof,
   * but from another address: a member confirms it), `automatic` (out-of-office, bounce,
   * list), `ours` (from our own address). Null: a reply of the applicant's.
   */
  flag: Generated<MessageFlag | null>;
}

/**
 * The applications waiting for an answer (genuine, unanswered, with a due time) per owner, kept
 * by triggers on `submissions` (0021_waiting_counts): the overdue counts read it.
 */
export interface WaitingCountsTable {
  /** The owner's member id; '' for the unassigned. */
  ownerId: string;
  waiting: number;
}

/** A limit of mail coming in that refused mail in a period: the team told once (0013). */
export interface InboundLimitNoticesTable {
  /** `<limit>:<period start>`. */
  id: string;
  limitName: string;
  periodStart: number;
  createdAt: number;
}

/** Why a message of theirs is kept but is no new reply (decision 0063). */
export type MessageFlag = "sender" | "automatic" | "ours";

export interface MessageAttachmentsTable {
  id: string;
  messageId: string;
  filename: string;
  contentType: string;
  size: number;
  /** A file under DATA_DIR (relative path). */
  file: string;
}

/**
 * The name of a kind of delivery. Storage knows no kinds: the delivery feature registers them
 * (server/delivery/kinds/registry.ts) and names the ones each application gets.
 */
export type DeliveryKind = string;
/** `skipped`: not sent, by design (a confirmation over its caps, or spam; see `skipReason`). */
export type DeliveryStatus = "pending" | "done" | "failed" | "skipped";

export interface DeliveriesTable {
  id: string;
  submissionId: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  attempts: Generated<number>;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  lastError: string | null;
  /** Why a `skipped` delivery was not sent (see server/db/confirmation-budget.ts). */
  skipReason: string | null;
  createdAt: number;
  updatedAt: number;
  /** The class of the last error (server/delivery/error-class.ts); null until one. */
  errorClass: Generated<string | null>;
  /** Alerts only: the delivery that failed for good, its kind and its class of error. */
  alertFor: Generated<string | null>;
  alertForKind: Generated<string | null>;
  alertForError: Generated<string | null>;
}

/** When each recipient (HMAC of the lower-cased address) was last granted a confirmation. */
export interface ConfirmationRecipientsTable {
  recipientHash: string;
  sentAt: number;
}

/** Confirmations granted per clock hour (hour = epoch ms / 3,600,000, rounded down). */
export interface ConfirmationHoursTable {
  hour: number;
  count: number;
}

/** Values shared by every instance (the IP-hash secret). */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database extends TeamTables, VisitTables, PortalTables {
  submissions: ApplicationsTable;
  deliveries: DeliveriesTable;
  settings: SettingsTable;
  confirmationRecipients: ConfirmationRecipientsTable;
  confirmationHours: ConfirmationHoursTable;
  applicationMessages: ApplicationMessagesTable;
  messageAttachments: MessageAttachmentsTable;
  inboundLimitNotices: InboundLimitNoticesTable;
  waitingCounts: WaitingCountsTable;
}

export type Application = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
export type Delivery = Selectable<DeliveriesTable>;
export type NewDelivery = Insertable<DeliveriesTable>;
export type ApplicationMessage = Selectable<ApplicationMessagesTable>;
export type NewApplicationMessage = Insertable<ApplicationMessagesTable>;
export type MessageAttachment = Selectable<MessageAttachmentsTable>;
