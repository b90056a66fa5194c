import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle } from "../database.ts";
import type { Delivery } from "../schema.ts";

/**
 * The id of the alert of `kind` about delivery `failedId`: the same on every instance and
 * every time (a UUID, version 8, made of a SHA-256), so an alert can only be made once.
 */
export function alertDeliveryId(failedId: string, kind: string): string {
  const hex = createHash("sha256").update(`alert\n${failedId}\n${kind}`).digest("hex");
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join("-");
}

/**
 * Marks `delivery` failed for good AND creates its alerts (one pending delivery per kind in
 * `alertKinds`), in ONE statement, so both happen or neither, on SQLite (through the writer
 * thread, which runs single statements) and on PostgreSQL alike:
 *
 *   INSERT INTO deliveries (…)
 *     SELECT <the delivery, now failed> FROM deliveries WHERE id = ? AND lease_owner = ?
 *     UNION ALL SELECT <an alert> FROM deliveries WHERE id = ? AND lease_owner = ?   (per kind)
 *   ON CONFLICT (id) DO UPDATE SET <the failure> WHERE excluded.status = 'failed'
 *
 * The delivery's own row conflicts with itself and is updated; the alerts are new rows. Nothing
 * happens unless `leaseHolder` still holds the lease (as for every outcome the worker records) and
 * the delivery is still pending (not skipped meanwhile: its application marked as spam). The
 * alerts' ids are derived from the delivery's, so a delivery failing for good again (after an
 * operator's retry) finds its alerts there and makes none: one alert per delivery, ever.
 */
export async function markFailedForGood(
  handle: Pick<DatabaseHandle, "db" | "dialect" | "write">,
  delivery: Delivery,
  leaseHolder: string,
  failure: { error: string; errorClass: string; alertKinds: readonly string[]; now?: number },
): Promise<void> {
  const { db, dialect } = handle;
  const now = failure.now ?? Date.now();
  const types = { id: dialect === "postgres" ? "uuid" : "text", int: "integer", big: "bigint" };
  const cast = (value: unknown, type: string): RawBuilder<unknown> =>
    sql`cast(${value} as ${sql.raw(type)})`;
  const text = (value: string | null) => cast(value, "text");
  const held = sql`from deliveries where id = ${cast(delivery.id, types.id)}
    and lease_owner = ${leaseHolder} and status = 'pending'`;

  const failedRow = sql`select id, submission_id, kind, ${text("failed")},
      ${cast(delivery.attempts + 1, types.int)}, next_attempt_at,
      ${cast(null, "text")}, ${cast(null, types.big)},
      ${text(failure.error.slice(0, 1000))}, ${text(failure.errorClass)},
      ${cast(null, types.id)}, ${cast(null, "text")}, ${cast(null, "text")},
      created_at, ${cast(now, types.big)} ${held}`;
  const alertRows = failure.alertKinds.map(
    (kind) => sql`select ${cast(alertDeliveryId(delivery.id, kind), types.id)}, submission_id,
      ${text(kind)}, ${text("pending")}, ${cast(0, types.int)}, ${cast(now, types.big)},
      ${cast(null, "text")}, ${cast(null, types.big)}, ${cast(null, "text")}, ${cast(null, "text")},
      id, kind, ${text(failure.errorClass)}, ${cast(now, types.big)}, ${cast(now, types.big)}
      ${held}`,
  );
  const query = sql`insert into deliveries (id, submission_id, kind, status, attempts,
      next_attempt_at, lease_owner, lease_expires_at, last_error, error_class,
      alert_for, alert_for_kind, alert_for_error, created_at, updated_at)
    ${sql.join([failedRow, ...alertRows], sql` union all `)}
    on conflict (id) do update set status = excluded.status, attempts = excluded.attempts,
      lease_owner = null, lease_expires_at = null, last_error = excluded.last_error,
      error_class = excluded.error_class, updated_at = excluded.updated_at
    where excluded.status = 'failed'`;

  await handle.write({
    compile: () => query.compile(db),
    execute: async () => (await query.execute(db)).rows,
  });
}
