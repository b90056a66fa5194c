import { randomUUID } from "node:crypto";
import { copyFile, mkdir, stat } from "node:fs/promises";
import { storeApplications } from "../db/applications/store.ts";
import type { DatabaseHandle } from "../db/database.ts";
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
