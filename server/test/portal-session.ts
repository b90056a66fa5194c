import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";
import { personInsert } from "../db/portal/client-people.ts";
import { sessionInsert } from "../db/portal/client-sessions.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { newPortalToken } from "../mail/portal-links.ts";

/** A client with one person signed in: the Cookie header of their session (tests, benches). */
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
    sessionInsert(database.db, {
      tokenHash: session.hash,
      personId,
      expiresAt: now + 60 * 60_000,
      now,
    }),
  ]);
  return { clientId, personId, cookie: `portal_session=${session.token}` };
}
