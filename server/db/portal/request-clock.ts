import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { availableMembersQuery, roundRobinLock } from "../applications/owners.ts";
import type { DatabaseHandle } from "../database.ts";
import { deliveryWithClaim } from "../deliveries/insert-for-application.ts";
import { applicationOfRequest } from "./client-requests.ts";

type Handle = Pick<DatabaseHandle, "db">;
type Writer = Pick<DatabaseHandle, "db" | "dialect" | "write" | "writeTransaction">;

/**
 * The plan's clock's rows (0032_request_clock, decision 0093): footage marked complete, the
 * request's editor, the team's pauses, and each turn's reminder and missed alert made once.
 * Turns are read from `request_versions` (the review side writes it): turn 0 is the first cut,
 * turn n the revision asked on version n (decision "changes"); a turn is delivered when the
 * next version is created.
 */

/** True where the request (`client_requests` in the query) has a version: its first cut came. */
const hasCut = sql<boolean>`exists (select 1 from request_versions v where v.request_id = client_requests.id)`;

/**
 * A client's requests whose footage may still be marked complete, newest first, at most
 * `limit`: not marked yet, and no cut sent (footageComplete would leave those as they are).
 */
export function markableRequestsOf(
  { db }: Pick<Writer, "db">,
  clientId: string,
  limit: number,
): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom("clientRequests")
    .select(["id", "title"])
    .where("clientId", "=", clientId)
    .where("footageCompleteAt", "is", null)
    .where(sql<boolean>`not ${hasCut}`)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Marks a request's footage complete (once: a second press changes nothing) and gives it an
 * editor by the applications' round robin when it has none: the member assigned longest ago
 * among those not away takes it, and their turn moves (one transaction, under the round
 * robin's lock on PostgreSQL). Only `clientId`'s request: another client's id finds nothing.
 * A request whose first cut came before its footage was marked is left as it is: the turn it
 * would start is delivered, and it takes no one's turn. Returns whether it was marked now, its
 * editor, and whether it was left unmarked because its first cut came first.
 */
export async function footageComplete(
  { db, dialect, writeTransaction }: Writer,
  mark: { clientId: string; requestId: string; now: number },
): Promise<{ marked: boolean; editorId: string | null; cutCameFirst: boolean } | undefined> {
  const { clientId, requestId, now } = mark;
  const next = availableMembersQuery(db).limit(1);
  // PostgreSQL: the round robin's lock first, so two marked at once read the turns one after
  // the other (each statement sees what committed before it) and take two members.
  const lock = dialect === "postgres" ? [roundRobinLock] : [];
  const results = await writeTransaction([
    ...lock,
    db
      .updateTable("clientRequests")
      .set((eb) => ({
        footageCompleteAt: now,
        editorId: eb.fn.coalesce("editorId", next),
      }))
      .where("id", "=", requestId)
      .where("clientId", "=", clientId)
      .where("footageCompleteAt", "is", null)
      .where(sql<boolean>`not ${hasCut}`)
      .returning(["editorId"]),
    db
      .insertInto("teamMemberAvailability")
      .columns(["memberId", "lastAssignedAt"])
      .expression(
        db
          .selectFrom("clientRequests")
          .select([
            sql<string>`client_requests.editor_id`.as("memberId"),
            // The back of the queue: after every turn taken, even one stamped later than now.
            sql<number>`CAST(${sql.raw(dialect === "postgres" ? "GREATEST" : "MAX")}(${now}, (SELECT COALESCE(MAX(last_assigned_at), 0) + 1 FROM team_member_availability)) AS bigint)`.as(
              "lastAssignedAt",
            ),
          ])
          .where("id", "=", requestId)
          .where("clientId", "=", clientId)
          .where("footageCompleteAt", "=", now)
          .where("editorId", "is not", null),
      )
      .onConflict((oc) =>
        oc
          .column("memberId")
          .doUpdateSet((eb) => ({ lastAssignedAt: eb.ref("excluded.lastAssignedAt") })),
      ),
  ]);
  const row = results[lock.length]?.rows[0];
  if (row) {
    return { marked: true, editorId: (row.editorId as string | null) ?? null, cutCameFirst: false };
  }
  const found = await db
    .selectFrom("clientRequests")
    .select(["editorId", "footageCompleteAt", hasCut.as("cutDelivered")])
    .where("id", "=", requestId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return (
    found && {
      marked: false,
      editorId: found.editorId ?? null,
      cutCameFirst: found.footageCompleteAt === null && Boolean(Number(found.cutDelivered)),
    }
  );
}

/** The request's client, if `requestId` is a request (the team's side, which sees any client). */
export async function clientOfRequest({ db }: Handle, requestId: string) {
  return db
    .selectFrom("clientRequests")
    .select(["clientId"])
    .where("id", "=", requestId)
    .executeTakeFirst();
}

/** Gives a request an editor (the team's change); false when the request or member is none. */
export async function editorChange(
  { db, write }: Writer,
  change: { requestId: string; memberId: string | null },
): Promise<boolean> {
  if (change.memberId !== null) {
    const member = await db
      .selectFrom("teamMembers")
      .select("id")
      .where("id", "=", change.memberId)
      .executeTakeFirst();
    if (!member) return false;
  }
  const rows = await write(
    db
      .updateTable("clientRequests")
      .set({ editorId: change.memberId })
      .where("id", "=", change.requestId)
      .returning("id"),
  );
  return rows.length === 1;
}

/**
 * "Waiting on the client": opens a pause on the request unless one is open (the insert checks
 * it itself). True when it opened one.
 */
export async function pauseOpen(
  { db, write }: Writer,
  pause: { requestId: string; clientId: string; now: number; by: string | null },
): Promise<boolean> {
  const rows = await write(
    db
      .insertInto("requestPauses")
      .columns(["id", "requestId", "clientId", "fromAt", "toAt", "createdBy"])
      .expression((eb) =>
        eb
          .selectFrom("clientRequests")
          .select([
            eb.cast<string>(eb.val(randomUUID()), "text").as("id"),
            "clientRequests.id as requestId",
            "clientRequests.clientId",
            eb.cast<number>(eb.val(pause.now), "bigint").as("fromAt"),
            sql<null>`NULL`.as("toAt"),
            eb.cast<string | null>(eb.val(pause.by), "text").as("createdBy"),
          ])
          .where("clientRequests.id", "=", pause.requestId)
          .where("clientRequests.clientId", "=", pause.clientId)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom("requestPauses")
                  .select("requestPauses.id")
                  .whereRef("requestPauses.requestId", "=", "clientRequests.id")
                  .where("requestPauses.toAt", "is", null),
              ),
            ),
          ),
      )
      .returning("id"),
  );
  return rows.length === 1;
}

/** "Back to work": closes the request's open pause. True when there was one. */
export async function pauseClose(
  { db, write }: Writer,
  pause: { requestId: string; now: number },
): Promise<boolean> {
  const rows = await write(
    db
      .updateTable("requestPauses")
      .set({ toAt: pause.now })
      .where("requestId", "=", pause.requestId)
      .where("toAt", "is", null)
      .returning("id"),
  );
  return rows.length > 0;
}

/** What the clock of one request is read from. */
export interface ClockRow {
  requestId: string;
  clientId: string;
  clientName: string;
  plan: string;
  title: string;
  /** The client still has its application (notices hang on it). */
  hasApplication: boolean;
  footageCompleteAt: number;
  editor: { id: string; name: string; email: string } | null;
  versions: {
    number: number;
    createdAt: number;
    decision: string | null;
    decidedAt: number | null;
  }[];
  pauses: { from: number; to: number | null }[];
}

/**
 * The clocks' rows of the requests with footage complete (of one client, or of all; of one
 * request), oldest footage first, at most `limit`.
 */
export async function clockRows(
  { db }: Handle,
  filter: { clientId?: string; requestId?: string; openOnly?: boolean; limit: number },
): Promise<ClockRow[]> {
  const requests = await db
    .selectFrom("clientRequests")
    .innerJoin("clients", "clients.id", "clientRequests.clientId")
    .leftJoin("teamMembers", "teamMembers.id", "clientRequests.editorId")
    .select([
      "clientRequests.id as requestId",
      "clientRequests.clientId",
      "clients.name as clientName",
      "clients.plan",
      "clients.applicationId",
      "clientRequests.title",
      "clientRequests.footageCompleteAt",
      "teamMembers.id as editorId",
      "teamMembers.name as editorName",
      "teamMembers.email as editorEmail",
    ])
    .where("clientRequests.footageCompleteAt", "is not", null)
    .$if(filter.clientId !== undefined, (q) =>
      q.where("clientRequests.clientId", "=", filter.clientId ?? ""),
    )
    .$if(filter.requestId !== undefined, (q) =>
      q.where("clientRequests.id", "=", filter.requestId ?? ""),
    )
    // Open: no version yet, or changes asked on the latest (a cut is owed). Delivered and
    // approved requests are left out, so the job and "Cuts due" read only what is owed.
    .$if(filter.openOnly === true, (q) =>
      q.where(
        sql<boolean>`not exists (select 1 from request_versions v where v.request_id = client_requests.id and (v.decision is null or v.decision <> 'changes') and not exists (select 1 from request_versions w where w.request_id = v.request_id and w.number > v.number))`,
      ),
    )
    .orderBy("clientRequests.footageCompleteAt")
    .orderBy("clientRequests.id")
    .limit(filter.limit)
    .execute();
  if (requests.length === 0) return [];
  const ids = requests.map((row) => row.requestId);
  const [versions, pauses] = await Promise.all([
    db
      .selectFrom("requestVersions")
      .select(["requestId", "number", "createdAt", "decision", "decidedAt"])
      .where("requestId", "in", ids)
      .orderBy("number")
      .execute(),
    db
      .selectFrom("requestPauses")
      .select(["requestId", "fromAt", "toAt"])
      .where("requestId", "in", ids)
      .orderBy("fromAt")
      .execute(),
  ]);
  return requests.map((row) => ({
    requestId: row.requestId,
    clientId: row.clientId,
    clientName: row.clientName,
    plan: row.plan,
    title: row.title,
    hasApplication: row.applicationId !== null,
    footageCompleteAt: Number(row.footageCompleteAt),
    editor:
      row.editorId && row.editorName !== null && row.editorEmail !== null
        ? { id: row.editorId, name: row.editorName, email: row.editorEmail }
        : null,
    versions: versions
      .filter((version) => version.requestId === row.requestId)
      .map((version) => ({
        number: Number(version.number),
        createdAt: Number(version.createdAt),
        decision: version.decision,
        decidedAt: version.decidedAt === null ? null : Number(version.decidedAt),
      })),
    pauses: pauses
      .filter((pause) => pause.requestId === row.requestId)
      .map((pause) => ({
        from: Number(pause.fromAt),
        to: pause.toAt === null ? null : Number(pause.toAt),
      })),
  }));
}

/**
 * Makes one turn's notice of `kind` once, in one transaction: its row (the primary key request
 * + turn + kind: a second instance's insert does nothing), and the delivery (pending, due now,
 * on the client's application) only where the row is this delivery's. True when it made it.
 */
export async function turnNotice(
  { db, dialect, writeTransaction }: Writer,
  notice: {
    requestId: string;
    turn: number;
    kind: string;
    deliveryId: string;
    dueAt: number;
    now: number;
  },
): Promise<boolean> {
  const { requestId, turn, kind, deliveryId, dueAt, now } = notice;
  const applicationId = await applicationOfRequest({ db }, requestId);
  if (!applicationId) return false;
  return deliveryWithClaim(
    { db, dialect, writeTransaction },
    db
      .insertInto("turnNotices")
      .values({ requestId, turn, kind, deliveryId, dueAt, queuedAt: now })
      .onConflict((conflict) => conflict.columns(["requestId", "turn", "kind"]).doNothing()),
    { id: deliveryId, applicationId, kind, now },
    (eb) =>
      eb.exists(
        eb.selectFrom("turnNotices").select("requestId").where("deliveryId", "=", deliveryId),
      ),
  );
}

/** What a turn notice tells: the turn, its due time, the request and its editor now. */
export interface TurnNoticeFacts {
  requestId: string;
  turn: number;
  kind: string;
  dueAt: number;
  clientId: string;
  clientName: string;
  title: string;
  editor: { name: string; email: string } | null;
  /** The turn's cut is there (the version after the turn's start was created). */
  delivered: boolean;
}

/** The turn notice a delivery tells, or undefined when its request is no longer there. */
export async function turnNoticeOf(
  { db }: Handle,
  deliveryId: string,
): Promise<TurnNoticeFacts | undefined> {
  const row = await db
    .selectFrom("turnNotices")
    .innerJoin("clientRequests", "clientRequests.id", "turnNotices.requestId")
    .innerJoin("clients", "clients.id", "clientRequests.clientId")
    .leftJoin("teamMembers", "teamMembers.id", "clientRequests.editorId")
    .select([
      "turnNotices.requestId",
      "turnNotices.turn",
      "turnNotices.kind",
      "turnNotices.dueAt",
      "clients.id as clientId",
      "clients.name as clientName",
      "clientRequests.title",
      "teamMembers.name as editorName",
      "teamMembers.email as editorEmail",
    ])
    .where("turnNotices.deliveryId", "=", deliveryId)
    .executeTakeFirst();
  if (!row) return undefined;
  const turn = Number(row.turn);
  const next = await db
    .selectFrom("requestVersions")
    .select("id")
    .where("requestId", "=", row.requestId)
    .where("number", ">", turn)
    .executeTakeFirst();
  return {
    requestId: row.requestId,
    turn,
    kind: row.kind,
    dueAt: Number(row.dueAt),
    clientId: row.clientId,
    clientName: row.clientName,
    title: row.title,
    editor:
      row.editorName !== null && row.editorEmail !== null
        ? { name: row.editorName, email: row.editorEmail }
        : null,
    delivered: next !== undefined,
  };
}

/** Tests: a version of a request, as the review side makes one (its upload made here too). */
export async function versionForTests(
  { db, write }: Writer,
  version: {
    requestId: string;
    clientId: string;
    number: number;
    createdAt: number;
    decision?: "approved" | "changes" | null;
    decidedAt?: number | null;
  },
): Promise<string> {
  const id = randomUUID();
  const uploadId = randomUUID();
  await write(
    db.insertInto("clientUploads").values({
      id: uploadId,
      clientId: version.clientId,
      requestId: version.requestId,
      personId: null,
      displayName: `v${version.number}.mp4`,
      size: 1,
      createdAt: version.createdAt,
      completedAt: version.createdAt,
      mimeType: "video/mp4",
      fromTeam: 1,
    }),
  );
  await write(
    db.insertInto("requestVersions").values({
      id,
      requestId: version.requestId,
      clientId: version.clientId,
      number: version.number,
      uploadId,
      createdBy: null,
      createdAt: version.createdAt,
      decision: version.decision ?? null,
      decidedAt: version.decidedAt ?? null,
      decidedBy: null,
    }),
  );
  return id;
}

/** Tests: sets a version's decision (changes asked, or approved) at `at`. */
export function decisionForTests(
  { db, write }: Writer,
  decision: { requestId: string; number: number; decision: "approved" | "changes"; at: number },
) {
  return write(
    db
      .updateTable("requestVersions")
      .set({ decision: decision.decision, decidedAt: decision.at })
      .where("requestId", "=", decision.requestId)
      .where("number", "=", decision.number),
  );
}
