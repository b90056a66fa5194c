import { randomUUID } from "node:crypto";
import { z } from "zod/mini";
import { defaultPlan, planNamed } from "#app/content/plans.ts";
import type { ClientFootagePort } from "#app/shared/client-footage-port.ts";
import type { ClientListPort, ClientListRow } from "#app/shared/client-list-port.ts";
import type {
  ClientPage,
  ClientPagePort,
  EraseClientOutcome,
  PeopleOutcome,
} from "#app/shared/client-page-port.ts";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { InviteOutcome, PortalInvitePort } from "#app/shared/portal-invite-port.ts";
import { findApplication } from "../db/applications/reads.ts";
import { auditLineInsert } from "../db/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { onDemandDeliveryInsert } from "../db/deliveries/on-demand.ts";
import { isUniqueViolation } from "../db/errors.ts";
import {
  newPersonId,
  normaliseAddress,
  peopleOf,
  personByEmail,
  personInsert,
  personRemoval,
} from "../db/portal/client-people.ts";
import {
  clientById,
  clientInsert,
  clientOfApplication,
  clientsWithWeek,
  newClientId,
} from "../db/portal/clients.ts";
import { markableRequestsOf } from "../db/portal/request-clock.ts";
import { footageOf } from "../db/portal/upload-media.ts";
import { eraseClientEverywhere } from "../erasure/erase-client.ts";
import { clientFootageFile, footageItems, footageListCap } from "./footage.ts";
import { clientSpace, requestListCap } from "./space.ts";
import { weekOf } from "./week.ts";

/** The most clients /team/clients lists (it pages through none yet). */
export const clientListCap = 500;
const emailSchema = z.email();

const videosPerWeek = (plan: string) =>
  (planNamed(plan) ?? planNamed(defaultPlan))?.contract.videosPerWeek ?? 0;

/** The team's side of the portal: what its pages' ports call (each page reaches only its own). */
export type TeamClients = ClientListPort & ClientPagePort & PortalInvitePort & ClientFootagePort;

/**
 * The team's side of the portal (/team/clients and "Invite to the portal"): the composition
 * root hands each page its part as that page's port, made for a signed-in member only.
 */
export function createClients(deps: {
  database: DatabaseHandle;
  /** The delivery kind that emails the invite (the delivery side registers it). */
  inviteKind: string;
  nudgeWorker: () => void;
  /** Emails a person the team added their invite (made after the answer). */
  onPersonAdded: (email: string) => void;
  /** DATA_DIR: the uploads and what was made of them are under its media/. */
  dataDir: string;
  /** Whether this server reads uploads (ffprobe and ffmpeg found). */
  previewsOn: () => Promise<boolean>;
  /** After an erase: empties the SQLite -wal (old images of the erased rows). */
  afterErase?: () => Promise<void>;
  /** Told how many erased uploads kept files it could not remove (media-orphans retries). */
  onFilesLeft?: (uploads: number) => void;
  now?: () => number;
}): TeamClients {
  const { database } = deps;
  const now = deps.now ?? Date.now;

  async function invite(applicationId: string): Promise<InviteOutcome> {
    if (!uuidPattern.test(applicationId)) return { ok: false, error: "not_found" };
    const id = applicationId.toLowerCase();
    const found = await findApplication(database, id);
    if (!found) return { ok: false, error: "not_found" };
    const { application } = found;
    const email = normaliseAddress(application.email);
    const existing = await clientOfApplication(database, id);
    if (existing) return { ok: true, clientId: existing.id, email, already: true };
    if (application.status !== "onboarded") return { ok: false, error: "not_onboarded" };
    if (await personByEmail(database, email)) return { ok: false, error: "address_taken", email };
    const at = now();
    const clientId = newClientId();
    const plan = planNamed(application.selectedPlan)?.name ?? defaultPlan;
    try {
      await database.writeTransaction([
        clientInsert(database.db, {
          id: clientId,
          name: application.name,
          plan,
          applicationId: id,
          createdAt: at,
        }),
        personInsert(database.db, { id: newPersonId(), clientId, email, createdAt: at }),
        onDemandDeliveryInsert(database.db, {
          id: randomUUID(),
          applicationId: id,
          kind: deps.inviteKind,
          now: at,
        }),
      ]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Pressed twice (two tabs, two instances): the first made it; nothing more is sent.
      const made = await clientOfApplication(database, id);
      if (made) return { ok: true, clientId: made.id, email, already: true };
      return { ok: false, error: "address_taken", email };
    }
    deps.nudgeWorker();
    return { ok: true, clientId, email, already: false };
  }

  return {
    async list(): Promise<ClientListRow[]> {
      const rows = await clientsWithWeek(database, weekOf(now()), clientListCap);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        plan: row.plan,
        videosPerWeek: videosPerWeek(row.plan),
        requestsThisWeek: row.requestsThisWeek,
        people: row.people,
      }));
    },

    async client(id): Promise<ClientPage | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const client = await clientById(database, id.toLowerCase());
      if (!client) return undefined;
      const [space, people, footage, previews, markable] = await Promise.all([
        clientSpace(database, client, now()),
        peopleOf(database, client.id),
        footageOf(database, client.id, footageListCap),
        deps.previewsOn(),
        markableRequestsOf(database, client.id, requestListCap),
      ]);
      return {
        ...space,
        applicationId: client.applicationId,
        people: people.map(({ id, email, createdAt }) => ({ id, email, createdAt })),
        footage: footageItems(footage, client.plan),
        previews,
        markable,
      };
    },

    invite,

    async addPerson(clientId, rawEmail): Promise<PeopleOutcome> {
      const email = normaliseAddress(rawEmail);
      if (email.length > 254 || !emailSchema.safeParse(email).success) {
        return { ok: false, error: "invalid_email", email: rawEmail.slice(0, 254) };
      }
      const client = uuidPattern.test(clientId)
        ? await clientById(database, clientId.toLowerCase())
        : undefined;
      if (!client) return { ok: false, error: "not_found" };
      if (await personByEmail(database, email)) return { ok: false, error: "address_taken", email };
      try {
        await database.write(
          personInsert(database.db, {
            id: newPersonId(),
            clientId: client.id,
            email,
            createdAt: now(),
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, error: "address_taken", email };
        throw error;
      }
      deps.onPersonAdded(email);
      return { ok: true, email };
    },

    footageFile: (clientId, uploadId, file, range) =>
      clientFootageFile(database, deps.dataDir, { clientId, uploadId, file, range }, [
        "original",
        "poster",
        "preview",
      ]),

    async erase(clientId, memberEmail): Promise<EraseClientOutcome> {
      const client = uuidPattern.test(clientId)
        ? await clientById(database, clientId.toLowerCase())
        : undefined;
      if (!client) return { ok: false, error: "not_found" };
      const audit = auditLineInsert(database.db, {
        applicationId: client.applicationId,
        memberEmail,
        action: "erase-client",
        // The client's id, never its name: the audit log outlives the client.
        detail: client.id,
        now: now(),
      });
      const erased = await eraseClientEverywhere({ database, dataDir: deps.dataDir }, client.id, [
        audit,
      ]);
      await deps.afterErase?.();
      if (erased.filesLeft > 0) deps.onFilesLeft?.(erased.filesLeft);
      if (!erased.found) return { ok: false, error: "not_found" };
      return { ok: true, name: client.name, uploads: erased.uploads };
    },

    async removePerson(clientId, personId): Promise<PeopleOutcome> {
      const client = uuidPattern.test(clientId)
        ? await clientById(database, clientId.toLowerCase())
        : undefined;
      if (!client) return { ok: false, error: "not_found" };
      const people = await peopleOf(database, client.id);
      const person = people.find((one) => one.id === personId);
      if (!person) return { ok: false, error: "not_found" };
      if (people.length === 1) return { ok: false, error: "last_person" };
      await database.writeTransaction(personRemoval(database.db, client.id, person.id));
      return { ok: true, email: person.email };
    },
  };
}
