import type { RequestPage } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { requestOfClient } from "../db/portal/client-requests.ts";
import { uploadsOfRequest } from "../db/portal/client-uploads.ts";
import { versionDecisionsOf } from "../db/portal/request-versions.ts";
import { footageOf } from "../db/portal/upload-media.ts";
import { footageItems, footageListCap } from "./footage.ts";
import { requestState } from "./review.ts";
import { weekOf } from "./week.ts";

/**
 * One of a client's requests with its footage, or undefined when the id is not one of that
 * client's requests (the page answers 404: another client's request looks like none). A file not
 * complete yet says how many of its bytes the server holds (`received`, read from the store); a
 * finished one what the job upload-media read of it, as the team's page shows it (`item`).
 */
export async function requestPage(
  database: Pick<DatabaseHandle, "db">,
  received: (uploadId: string) => Promise<number>,
  client: { clientId: string; plan: string; previews: boolean },
  requestId: string,
  now: number,
): Promise<RequestPage | undefined> {
  const { clientId } = client;
  const request = await requestOfClient(database, clientId, requestId);
  if (!request) return undefined;
  const [uploads, finished, versions] = await Promise.all([
    uploadsOfRequest(database, clientId, requestId, footageListCap),
    footageOf(database, clientId, footageListCap, requestId),
    versionDecisionsOf(database, clientId, [request.id]),
  ]);
  const items = new Map(footageItems(finished, client.plan).map((item) => [item.id, item]));
  const footage = await Promise.all(
    uploads.map(async (upload) => ({
      id: upload.id,
      name: upload.displayName,
      size: upload.size,
      received: upload.completedAt === null ? await received(upload.id) : upload.size,
      createdAt: upload.createdAt,
      completedAt: upload.completedAt,
      item: (upload.completedAt !== null && items.get(upload.id)) || null,
    })),
  );
  const { clientId: _client, createdBy: _by, ...shown } = request;
  return {
    request: { ...shown, state: requestState(versions) },
    thisWeek: weekOf(now),
    footage,
    previews: client.previews,
  };
}
