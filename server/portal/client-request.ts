import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { type RequestRow, requestOfClient } from "../db/portal/client-requests.ts";
import { type ClientRow, clientById } from "../db/portal/clients.ts";

/** A client and one of its requests. */
export interface ClientRequest {
  client: ClientRow;
  request: RequestRow;
}

/**
 * A client and one of its requests, by the ids a URL gives (any case): undefined when either is
 * not a UUID, the client is unknown, or the request is not that client's.
 */
export async function clientRequest(
  database: Pick<DatabaseHandle, "db">,
  clientId: string,
  requestId: string,
): Promise<ClientRequest | undefined> {
  if (!uuidPattern.test(clientId) || !uuidPattern.test(requestId)) return undefined;
  const client = await clientById(database, clientId.toLowerCase());
  if (!client) return undefined;
  const request = await requestOfClient(database, client.id, requestId.toLowerCase());
  return request && { client, request };
}

/** What a request's pages name at their top: whose it is, its title, platform and wished date. */
export function requestHeading({ client, request }: ClientRequest) {
  return {
    client: { id: client.id, name: client.name },
    request: {
      id: request.id,
      title: request.title,
      platform: request.platform,
      wishedDate: request.wishedDate,
    },
  };
}
