import type { DatabaseHandle } from "../database.ts";
import type { Application, Delivery } from "../schema.ts";

type Handle = Pick<DatabaseHandle, "db">;

export interface ListedApplication {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  selectedPlan: string;
  isSpam: number;
  /** Deliveries by status, e.g. { done: 2 }. */
  deliveries: Record<string, number>;
}

/** The newest applications first, with a count of their deliveries by status. */
export async function listApplications(
  { db }: Handle,
  limit: number,
): Promise<ListedApplication[]> {
  const rows = await db
    .selectFrom("submissions")
    .select(["id", "createdAt", "name", "email", "selectedPlan", "isSpam"])
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom("deliveries")
    .select(["submissionId", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "submissionId",
      "in",
      rows.map((row) => row.id),
    )
    .groupBy(["submissionId", "status"])
    .execute();
  return rows.map((row) => ({
    ...row,
    deliveries: Object.fromEntries(
      counts
        .filter((count) => count.submissionId === row.id)
        .map((count) => [count.status, Number(count.n)]),
    ),
  }));
}

/** Every application (oldest first), optionally only those received at or after `since`. */
export function exportApplications({ db }: Handle, since?: Date): Promise<Application[]> {
  let query = db.selectFrom("submissions").selectAll().orderBy("createdAt").orderBy("id");
  if (since) query = query.where("createdAt", ">=", since.getTime());
  return query.execute();
}

export async function findApplication(
  { db }: Handle,
  id: string,
): Promise<{ application: Application; deliveries: Delivery[] } | undefined> {
  const application = await db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!application) return undefined;
  const deliveries = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("submissionId", "=", id)
    .orderBy("createdAt")
    .orderBy("kind")
    .execute();
  return { application, deliveries };
}
