import { randomUUID } from "node:crypto";
import { copyFile, mkdir, stat } from "node:fs/promises";
import { storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { addMember, findMember } from "../db/members.ts";
import { personInsert } from "../db/portal/client-people.ts";
import { requestInsert } from "../db/portal/client-requests.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { mediaDirectory, uploadFile } from "../media/media-files.ts";
import { pendingApplication } from "./stored.ts";

/** An application stored with `answers` and `status` (onboarded unless told): its id. */
export async function storedApplication(
  database: DatabaseHandle,
  options: { email?: string; name?: string; plan?: string; status?: string } = {},
): Promise<string> {
  const application = pendingApplication({
    row: {
      ...(options.email ? { email: options.email } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...(options.plan ? { selectedPlan: options.plan } : {}),
    },
    deliveries: [],
  });
  await storeApplications(database.db, [application]);
  await database.write(
    database.db
      .updateTable("submissions")
      .set({ status: options.status ?? "onboarded" })
      .where("id", "=", application.row.id),
  );
  return application.row.id;
}

/** Another request of a client, stored as the request form stores one (this week's): its id. */
export async function storedRequest(
  database: DatabaseHandle,
  clientId: string,
  title: string,
): Promise<string> {
  const id = randomUUID();
  await database.write(
    requestInsert(database.db, {
      id,
      clientId,
      title,
      brief: "Another.",
      platform: "TikTok",
      wishedDate: "2026-12-01",
      startsWeek: 0,
      createdBy: null,
      createdAt: Date.now(),
    }),
  );
  return id;
}

/** A client on `plan` (no application, no people): its id. */
export async function storedClient(
  database: DatabaseHandle,
  options: { name?: string; plan?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await database.write(
    clientInsert(database.db, {
      id,
      name: options.name ?? "Ana Client",
      plan: options.plan ?? "Creator",
      applicationId: null,
      createdAt: Date.now(),
    }),
  );
  return id;
}

/**
 * A finished upload of `clientId` whose bytes are a copy of `source`, stored as the tus
 * endpoint stores one (DATA_DIR/media/<id>, its row in client_uploads completed): its id.
 */
export async function storedUpload(
  database: DatabaseHandle,
  dataDir: string,
  clientId: string,
  source: string,
  completedAt = Date.now(),
): Promise<string> {
  const id = randomUUID();
  await mkdir(mediaDirectory(dataDir), { recursive: true });
  await copyFile(source, uploadFile(dataDir, id));
  const { size } = await stat(source);
  await database.write(
    database.db
      .insertInto("clientUploads")
      .values({ id, clientId, personId: null, size, createdAt: completedAt - 1000, completedAt }),
  );
  return id;
}

/**
 * A client made from an application (of `email`, if given; owned by the member of `ownerEmail`,
 * if given) with one request: the ids. Its uploads are added by `finishedUpload`.
 */
export async function clientWithRequest(
  database: DatabaseHandle,
  options: {
    ownerEmail?: string;
    plan?: string;
    name?: string;
    email?: string;
    title?: string;
  } = {},
) {
  const applicationId = await storedApplication(database, {
    email: options.email,
    name: options.name ?? "Ada Lovelace",
    plan: options.plan ?? "Creator",
  });
  if (options.ownerEmail) {
    await addMember(database, options.ownerEmail);
    const member = await findMember(database, options.ownerEmail);
    await database.write(
      database.db
        .updateTable("submissions")
        .set({ ownerId: member?.id ?? null })
        .where("id", "=", applicationId),
    );
  }
  const clientId = randomUUID();
  const requestId = randomUUID();
  const now = Date.now();
  await database.writeTransaction([
    clientInsert(database.db, {
      id: clientId,
      name: options.name ?? "Ada Lovelace",
      plan: options.plan ?? "Creator",
      applicationId,
      createdAt: now,
    }),
    requestInsert(database.db, {
      id: requestId,
      clientId,
      title: options.title ?? "Spring launch",
      brief: "The raw clips for the spring launch.",
      platform: "TikTok",
      wishedDate: "2026-12-24",
      startsWeek: now,
      createdBy: null,
      createdAt: now,
    }),
  ]);
  return { applicationId, clientId, requestId };
}

/**
 * A finished upload of a request (its row only, no bytes) named `name`, with what upload-media
 * read of it: `media` "ready" with its length, "pending" (not read yet), or none (no row).
 */
export async function finishedUpload(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  options: {
    name: string;
    completedAt: number;
    media?: { state: "ready"; durationMs: number } | { state: "pending" | "unreadable" };
  },
): Promise<string> {
  const id = randomUUID();
  const { completedAt, media } = options;
  await database.write(
    database.db.insertInto("clientUploads").values({
      id,
      clientId: owner.clientId,
      personId: null,
      requestId: owner.requestId,
      displayName: options.name,
      size: 1000,
      createdAt: completedAt - 1000,
      completedAt,
    }),
  );
  if (media) {
    await database.write(
      database.db.insertInto("uploadMedia").values({
        uploadId: id,
        state: media.state,
        nextAttemptAt: completedAt,
        leaseHolder: null,
        leaseExpiresAt: null,
        kind: media.state === "ready" ? "video" : null,
        format: null,
        durationMs: media.state === "ready" ? media.durationMs : null,
        width: null,
        height: null,
        rotation: null,
        frameRate: null,
        videoCodec: null,
        audioCodec: null,
        hasAudio: null,
        reason: null,
        probedAt: null,
      }),
    );
  }
  return id;
}

/** The people `emails` of a client, added in that order (one a millisecond): their ids. */
export async function clientPeople<const Emails extends readonly string[]>(
  database: DatabaseHandle,
  clientId: string,
  emails: Emails,
): Promise<{ [Index in keyof Emails]: string }> {
  const now = Date.now();
  const people = emails.map((email, index) => ({
    id: randomUUID(),
    clientId,
    email,
    createdAt: now + index,
  }));
  await database.writeTransaction(people.map((person) => personInsert(database.db, person)));
  return people.map((person) => person.id) as { [Index in keyof Emails]: string };
}

/** The row of a cut the team finished on a request (an upload from the team, no bytes). */
function teamCutRow(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  cut: { id: string; at: number; size?: number },
) {
  return database.db.insertInto("clientUploads").values({
    id: cut.id,
    clientId: owner.clientId,
    personId: null,
    requestId: owner.requestId,
    displayName: "cut.mp4",
    size: cut.size ?? 1000,
    createdAt: cut.at,
    completedAt: cut.at,
    fromTeam: 1,
  });
}

/** A cut the team finished on the request (its row only, not yet a version): its id. */
export async function teamCut(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  options: { at?: number; size?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const at = options.at ?? Date.now();
  await database.write(teamCutRow(database, owner, { id, at, size: options.size }));
  return id;
}

/**
 * Version `number` (1 unless told) of a request, as the review keeps it (0031): a cut the team
 * finished (`size` bytes, no file; `media`, what upload-media read of it) and its version,
 * undecided unless told, written at `at` in one transaction: the ids.
 */
export async function teamVersion(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  options: {
    at?: number;
    size?: number;
    number?: number;
    decision?: "approved" | "changes" | null;
    media?: { frameRate: string; durationMs: number; hasPoster?: boolean };
  } = {},
): Promise<{ cutId: string; versionId: string }> {
  const cutId = randomUUID();
  const versionId = randomUUID();
  const at = options.at ?? Date.now();
  const { decision = null, media } = options;
  await database.writeTransaction([
    teamCutRow(database, owner, { id: cutId, at, size: options.size }),
    ...(media
      ? [
          database.db.insertInto("uploadMedia").values({
            uploadId: cutId,
            state: "ready",
            attempts: 1,
            nextAttemptAt: 0,
            kind: "video",
            frameRate: media.frameRate,
            durationMs: media.durationMs,
            hasPoster: media.hasPoster ? 1 : 0,
            hasPreview: 0,
          }),
        ]
      : []),
    database.db.insertInto("requestVersions").values({
      id: versionId,
      requestId: owner.requestId,
      clientId: owner.clientId,
      number: options.number ?? 1,
      uploadId: cutId,
      createdBy: null,
      createdAt: at,
      decision,
      decidedAt: decision ? at : null,
      decidedBy: null,
    }),
  ]);
  return { cutId, versionId };
}
