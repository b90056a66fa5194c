import type { DatabaseHandle } from "../db/database.ts";
import { storeSubmissions } from "../db/submissions/store.ts";
import { pendingSubmission } from "./stored.ts";

/** An application stored with `answers` and `status` (onboarded unless told): its id. */
export async function storedApplication(
  database: DatabaseHandle,
  options: { email?: string; name?: string; plan?: string; status?: string } = {},
): Promise<string> {
  const submission = pendingSubmission({
    row: {
      ...(options.email ? { email: options.email } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...(options.plan ? { selectedPlan: options.plan } : {}),
    },
    deliveries: [],
  });
  await storeSubmissions(database.db, [submission]);
  await database.write(
    database.db
      .updateTable("submissions")
      .set({ status: options.status ?? "onboarded" })
      .where("id", "=", submission.row.id),
  );
  return submission.row.id;
}
