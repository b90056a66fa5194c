import { randomUUID } from "node:crypto";
import { type PendingApplication, storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { attachmentInsert, messageInsert } from "../db/messages.ts";
import type { Application, NewApplicationMessage } from "../db/schema.ts";
import type { VisitorsTable } from "../db/visits-schema.ts";
import { kindRegistry } from "../delivery/kinds/registry.ts";
import { attachmentFileOf, rawFileOf, writeMessageFiles } from "../mail/inbound-files.ts";
import { validApplication } from "./fixtures.ts";
import { waitFor } from "./wait.ts";

const day = 24 * 60 * 60 * 1000;

/**
 * A valid application as the intake stores it (fresh id, now, a placeholder IP hash), with
 * both emails to deliver unless `deliveries` says otherwise; `row` overrides columns.
 */
export function pendingApplication(
  options: {
    row?: Partial<PendingApplication["row"]>;
    deliveries?: PendingApplication["deliveries"];
  } = {},
): PendingApplication {
  const createdAt = options.row?.createdAt ?? Date.now();
  return {
    row: {
      id: randomUUID(),
      ...(validApplication() as Omit<Application, "id">),
      createdAt,
      dueAt: createdAt + day,
      ipHash: "0".repeat(64),
      userAgent: "test",
      isSpam: 0,
      idempotencyKey: null,
      ...options.row,
    },
    deliveries: options.deliveries ?? ["team_notification", "applicant_confirmation"],
  };
}

/** Stores one application received `daysAgo` days ago, with its two deliveries; returns its id. */
export async function storeReceived(database: DatabaseHandle, daysAgo: number): Promise<string> {
  const createdAt = Date.now() - daysAgo * day;
  const application = pendingApplication({ row: { createdAt } });
  await storeApplications(database.db, [application], createdAt);
  return application.row.id;
}

/** True for the promise's jobs (a reminder, the missed alert): made now, run at a later time. */
export const isScheduledKind = (kind: string) => kindRegistry.named(kind)?.made === "scheduled";

/** The names of those kinds (for a query that leaves them out). */
export const scheduledKindNames = kindRegistry.names.filter(isScheduledKind);

/** Deliveries without the promise's jobs: what an application sends when it arrives. */
export const sentOnArrival = <T extends { kind: string }>(deliveries: readonly T[]) =>
  deliveries.filter((delivery) => !isScheduledKind(delivery.kind));

/**
 * Waits until no delivery is pending any more: each one done, failed or skipped (up to 20 s);
 * not those whose time has not come (the promise's reminder, due hours later).
 */
export async function untilNonePending(database: DatabaseHandle) {
  await waitFor(
    async () =>
      (
        await database.db
          .selectFrom("deliveries")
          .select("id")
          .where("status", "=", "pending")
          .where("nextAttemptAt", "<=", Date.now())
          .execute()
      ).length === 0,
    { what: "no delivery pending", timeoutMs: 20_000 },
  );
}

/** How many rows `table` holds now. */
export async function rowCount(
  database: Pick<DatabaseHandle, "db">,
  table: "submissions" | "applicationMessages" | "deliveries",
): Promise<number> {
  const counted = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** An application's New reply mark as stored: 1 while a reply of theirs waits unread, else 0. */
export async function newReplyOf(
  database: Pick<DatabaseHandle, "db">,
  applicationId: string,
): Promise<number> {
  const row = await database.db
    .selectFrom("submissions")
    .select("newReply")
    .where("id", "=", applicationId)
    .executeTakeFirstOrThrow();
  return Number(row.newReply);
}

/** A visitor of `day` as counting stores it (a direct visit of / that went no further); `row` overrides. */
export const visitorRow = (
  day: number,
  visitor: string,
  row: Partial<VisitorsTable> = {},
): VisitorsTable => ({
  day,
  visitor,
  landing: "/",
  source: "(direct)",
  medium: "",
  campaign: "",
  referrer: "",
  plan: "",
  question: "",
  applied: 0,
  pages: 1,
  ...row,
});

/** The row of a message of theirs on an application (null: Unmatched); `values` override. */
export function inboundMessageRow(
  applicationId: string | null,
  values: Partial<NewApplicationMessage> = {},
): NewApplicationMessage {
  return {
    id: randomUUID(),
    submissionId: applicationId,
    direction: "in",
    messageId: `<${randomUUID()}@mail.example>`,
    inReplyTo: null,
    fromAddress: "maya@example.com",
    fromName: "Maya Lopez",
    toAddress: "reply+x.y@reelsmith.example",
    subject: "Re: Your Reelsmith application",
    body: "Tuesday works.",
    visible: "Tuesday works.",
    rawFile: null,
    auth: null,
    memberEmail: null,
    deliveryId: null,
    createdAt: Date.now(),
    ...values,
  };
}

/** A message that came in, stored as the receiver stores it (files first, then its rows). */
export async function storedInboundMessage(
  database: DatabaseHandle,
  dataDir: string,
  applicationId: string | null,
  addresses: { from?: string; to?: string; createdAt?: number } = {},
) {
  const id = randomUUID();
  const attachment = { id: randomUUID(), content: Buffer.from("%PDF-1.4 brief") };
  await writeMessageFiles(dataDir, id, Buffer.from("Subject: x\r\n\r\nraw"), [attachment]);
  await messageInsert(
    database.db,
    inboundMessageRow(applicationId, {
      id,
      messageId: `<${id}@example.org>`,
      fromAddress: addresses.from ?? "maya@example.org",
      fromName: "Maya",
      toAddress: addresses.to ?? "hello@reply.reelsmith.example",
      subject: "Re: my application",
      body: "Here it is.\n\n> quoted",
      visible: "Here it is.",
      rawFile: rawFileOf(id),
      auth: JSON.stringify({ spf: "pass", dkim: "none", dmarc: "fail" }),
      createdAt: addresses.createdAt ?? Date.now(),
    }),
  ).execute();
  await attachmentInsert(database.db, {
    id: attachment.id,
    messageId: id,
    filename: "brief.pdf",
    contentType: "application/pdf",
    size: attachment.content.length,
    file: attachmentFileOf(id, attachment.id),
  }).execute();
  return { id, attachmentId: attachment.id };
}
