import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";
import { personInsert } from "../db/portal/client-people.ts";
import { requestInsert } from "../db/portal/client-requests.ts";
import { sessionInsert } from "../db/portal/client-sessions.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { newPortalToken } from "../mail/portal-links.ts";

/**
 * A client with one person signed in and one request (uploads name it): the Cookie header of
 * their session (tests, benches).
 */
export async function signedInClient(database: DatabaseHandle, name: string) {
  const clientId = randomUUID();
  const personId = randomUUID();
  const requestId = randomUUID();
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
    requestInsert(database.db, {
      id: requestId,
      clientId,
      title: `${name}'s first video`,
      brief: "A hook for the spring series.",
      platform: "TikTok",
      wishedDate: "2026-12-01",
      startsWeek: 0,
      createdBy: personId,
      createdAt: now,
    }),
  ]);
  return { clientId, personId, requestId, cookie: `portal_session=${session.token}` };
}
