import { defaultPlan, planNamed } from "#app/content/plans.ts";
import type { ClientSpace } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { requestsOf, requestsPerWeek } from "../db/portal/client-requests.ts";
import type { ClientRow } from "../db/portal/clients.ts";
import { versionDecisionsOf } from "../db/portal/request-versions.ts";
import { requestState } from "./review.ts";
import { weekOf } from "./week.ts";

/** The most requests a client's page lists (newest first). */
export const requestListCap = 200;

/** A client's space: its plan's numbers, this week's count, its requests (newest first). */
export async function clientSpace(
  database: Pick<DatabaseHandle, "db">,
  client: Pick<ClientRow, "id" | "name" | "plan">,
  now: number,
): Promise<ClientSpace> {
  const thisWeek = weekOf(now);
  const [requests, perWeek] = await Promise.all([
    requestsOf(database, client.id, requestListCap),
    requestsPerWeek(database, client.id, thisWeek),
  ]);
  const versions = await versionDecisionsOf(
    database,
    client.id,
    requests.map((request) => request.id),
  );
  const versionsByRequest = Map.groupBy(versions, (version) => version.requestId);
  const plan = planNamed(client.plan) ?? planNamed(defaultPlan);
  return {
    client: {
      id: client.id,
      name: client.name,
      plan: client.plan,
      videosPerWeek: plan?.contract.videosPerWeek ?? 0,
    },
    thisWeek,
    requestsThisWeek: perWeek.get(thisWeek) ?? 0,
    requests: requests.map(({ clientId, createdBy, ...request }) => ({
      ...request,
      state: requestState(versionsByRequest.get(request.id) ?? []),
    })),
  };
}
