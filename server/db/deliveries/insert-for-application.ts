import { randomUUID } from "node:crypto";
import type { Compilable, Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Dialect } from "../dialect.ts";
import type { Database } from "../schema.ts";
import type { RunTransaction } from "../write-transaction.ts";

/**
 * A pending delivery of `kind` for application `submissionId`, inserted only while the
 * application is there and `when` holds (INSERT … SELECT FROM submissions): the condition is
 * checked by the insert itself, so two writers at once cannot both make one. `at`: its time to
 * run (default `now`); `id`: its id (default a new one).
 */
export function deliveryForApplication(
  handle: { db: Kysely<Database>; dialect: Dialect },
  delivery: { id?: string; applicationId: string; kind: string; now: number; at?: number },
  when: (eb: ExpressionBuilder<Database, "submissions">) => Expression<SqlBool>,
) {
  const { db, dialect } = handle;
  const { id = randomUUID(), applicationId, kind, now, at = now } = delivery;
  const uuid = dialect === "postgres" ? "uuid" : "text";
  return db
    .insertInto("deliveries")
    .columns([
      "id",
      "submissionId",
      "kind",
      "status",
      "attempts",
      "nextAttemptAt",
      "createdAt",
      "updatedAt",
    ])
    .expression((eb) =>
      eb
        .selectFrom("submissions")
        .select([
          eb.cast<string>(eb.val(id), uuid).as("id"),
          "submissions.id as submissionId",
          eb.cast<string>(eb.val(kind), "text").as("kind"),
          eb.cast<"pending">(eb.val("pending"), "text").as("status"),
          eb.cast<number>(eb.val(0), "integer").as("attempts"),
          eb.cast<number>(eb.val(at), "bigint").as("nextAttemptAt"),
          eb.cast<number>(eb.val(now), "bigint").as("createdAt"),
          eb.cast<number>(eb.val(now), "bigint").as("updatedAt"),
        ])
        .where("submissions.id", "=", applicationId)
        .where(when),
    );
}

/**
 * A notice's delivery made in ONE transaction with `claim`, the statement that gives rows of
 * a notice table this delivery's id (an insert ON CONFLICT DO NOTHING, or an update where the
 * id is still null): the delivery is inserted only where `claimed` finds such a row, so two
 * instances make it once. True when this call made it.
 */
export async function deliveryWithClaim(
  handle: { db: Kysely<Database>; dialect: Dialect; writeTransaction: RunTransaction },
  claim: Compilable,
  delivery: { id: string; applicationId: string; kind: string; now: number },
  claimed: (eb: ExpressionBuilder<Database, "submissions">) => Expression<SqlBool>,
): Promise<boolean> {
  const results = await handle.writeTransaction([
    claim,
    deliveryForApplication(handle, delivery, claimed).returning("id"),
  ]);
  return (results.at(-1)?.rows.length ?? 0) === 1;
}
