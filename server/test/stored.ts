import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/database.ts";
import type { Submission } from "../db/schema.ts";
import { storeSubmissions } from "../intake/store.ts";
import { validApplication } from "./fixtures.ts";

const day = 24 * 60 * 60 * 1000;

/** Stores one submission received `daysAgo` days ago, with its two deliveries; returns its id. */
export async function storeReceived(database: DatabaseHandle, daysAgo: number): Promise<string> {
  const id = randomUUID();
  const createdAt = Date.now() - daysAgo * day;
  await storeSubmissions(
    database.db,
    [
      {
        row: {
          id,
          ...(validApplication() as Omit<Submission, "id">),
          createdAt,
          ipHash: "0".repeat(64),
          userAgent: "test",
          isSpam: 0,
          idempotencyKey: null,
        },
        deliveries: ["team_notification", "applicant_confirmation"],
      },
    ],
    createdAt,
  );
  return id;
}
