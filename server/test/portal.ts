import { storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
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
