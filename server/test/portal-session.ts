import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { DatabaseHandle } from "../db/database.ts";
import { personInsert } from "../db/portal/client-people.ts";
import { sessionInsert } from "../db/portal/client-sessions.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { hashPortalToken, newPortalToken } from "../mail/portal-links.ts";

/** A client with one person signed in: the Cookie header of their session. */
export async function signedInClient(database: DatabaseHandle, name: string) {
  const clientId = randomUUID();
  const personId = randomUUID();
  const now = Date.now();
  const session = newPortalToken();
  await database.writeTransaction([
    clientInsert(database.db, {
      id: clientId,
      name,
      plan: "Creator",
      applicationId: null,
      createdAt: now,
    }),
    personInsert(database.db, {
      id: personId,
      clientId,
      email: `${name}@example.com`,
      createdAt: now,
    }),
    sessionInsert(database.db, { tokenHash: session.hash, personId, expiresAt: now + 60_000, now }),
  ]);
  expect(hashPortalToken(session.token)).toBe(session.hash);
  return { clientId, personId, cookie: `portal_session=${session.token}` };
}
