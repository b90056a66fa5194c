import { type Compilable, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";

/**
 * The statements that erase a client, to run in ONE transaction (`also` first, say the audit
 * line): on PostgreSQL the client's row is locked first (as a new upload's reservation locks
 * it), so no upload is reserved for it while it goes; then what hangs on its uploads (what the
 * media job read, their tus locks: a PATCH in flight finds its lock gone at its next renewal
 * and ends), the uploads (RETURNING their ids: the files to remove once this has committed),
 * its posting schedule's posts with their notices (0035) and its feed token (0033), its
 * people's sessions and links, its requests, its people, and the client. Its cuts' review goes
 * first: the notices of its comments, the comments, the versions (their cut files are uploads
 * of its own, removed with the others). Every table by name, whatever the foreign keys would
 * cascade.
 */
export function clientEraseStatements(
  { db, dialect }: Pick<DatabaseHandle, "db" | "dialect">,
  clientId: string,
) {
  const uploads = db.selectFrom("clientUploads").select("id").where("clientId", "=", clientId);
  const people = db.selectFrom("clientPeople").select("id").where("clientId", "=", clientId);
  const lock =
    dialect === "postgres"
      ? [db.selectFrom("clients").select("id").where("id", "=", clientId).forUpdate()]
      : [];
  const comments = db.selectFrom("versionComments").select("id").where("clientId", "=", clientId);
  const requests = db.selectFrom("clientRequests").select("id").where("clientId", "=", clientId);
  const posts = db.selectFrom("requestPosts").select("id").where("clientId", "=", clientId);
  return {
    lock,
    // Its cuts' review (0031, decision 0091): notices of its comments, comments, versions.
    commentNotices: db.deleteFrom("commentNotices").where("commentId", "in", comments),
    comments: db.deleteFrom("versionComments").where("clientId", "=", clientId),
    versions: db.deleteFrom("requestVersions").where("clientId", "=", clientId),
    turnNotices: db.deleteFrom("turnNotices").where("requestId", "in", requests),
    pauses: db.deleteFrom("requestPauses").where("clientId", "=", clientId),
    media: db.deleteFrom("uploadMedia").where("uploadId", "in", uploads),
    locks: db.deleteFrom("uploadLocks").where("uploadId", "in", uploads),
    uploads: db.deleteFrom("clientUploads").where("clientId", "=", clientId).returning("id"),
    postNotices: db.deleteFrom("postNotices").where("postId", "in", posts),
    posts: db.deleteFrom("requestPosts").where("clientId", "=", clientId),
    feeds: db.deleteFrom("clientFeeds").where("clientId", "=", clientId),
    sessions: db.deleteFrom("clientSessions").where("personId", "in", people),
    links: db.deleteFrom("clientSignInTokens").where("personId", "in", people),
    requests: db.deleteFrom("clientRequests").where("clientId", "=", clientId),
    people: db.deleteFrom("clientPeople").where("clientId", "=", clientId),
    client: db.deleteFrom("clients").where("id", "=", clientId).returning("id"),
  };
}

/** What an erase of a client took away (counts of rows), and the ids of its uploads' files. */
export interface ClientErased {
  found: boolean;
  people: number;
  requests: number;
  /** The ids of its uploads (finished or not): their files are left to remove. */
  uploadIds: string[];
}

/** Erases a client's rows in one transaction (`also` in it first); its files are the caller's. */
export async function eraseClientRows(
  handle: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">,
  clientId: string,
  also: readonly Compilable[] = [],
): Promise<ClientErased> {
  const statements = clientEraseStatements(handle, clientId);
  const ordered = [
    ...also,
    ...statements.lock,
    statements.commentNotices,
    statements.comments,
    statements.versions,
    statements.turnNotices,
    statements.pauses,
    statements.media,
    statements.locks,
    statements.uploads,
    statements.postNotices,
    statements.posts,
    statements.feeds,
    statements.sessions,
    statements.links,
    statements.requests,
    statements.people,
    statements.client,
  ];
  const results = await handle.writeTransaction(ordered);
  const at = (statement: Compilable) => results[ordered.indexOf(statement)];
  const found = (at(statements.client)?.rows.length ?? 0) === 1;
  return {
    found,
    people: at(statements.people)?.affected ?? 0,
    requests: at(statements.requests)?.affected ?? 0,
    uploadIds: (at(statements.uploads)?.rows ?? []).map((row) => String(row.id)),
  };
}

/**
 * Why an applicant's erase must wait for the portal (decision 0088), if it must: a client made
 * from one of the address's applications ("client": erase the client first), or a client that
 * has the address among its people ("person": remove them from it, or erase it, first).
 */
export async function portalHoldOf(
  { db }: Pick<DatabaseHandle, "db">,
  email: string,
): Promise<{ why: "client" | "person"; clientId: string; clientName: string } | undefined> {
  const address = email.trim().toLowerCase();
  const made = await db
    .selectFrom("clients")
    .innerJoin("submissions", "submissions.id", "clients.applicationId")
    .select(["clients.id", "clients.name"])
    .where(sql<string>`lower(submissions.email)`, "=", address)
    .orderBy("clients.createdAt")
    .executeTakeFirst();
  if (made) return { why: "client", clientId: made.id, clientName: made.name };
  const person = await db
    .selectFrom("clientPeople")
    .innerJoin("clients", "clients.id", "clientPeople.clientId")
    .select(["clients.id", "clients.name"])
    .where("clientPeople.email", "=", address)
    .executeTakeFirst();
  return person && { why: "person", clientId: person.id, clientName: person.name };
}
