import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";

/** The id of the `i`th message of a flood: UUID-shaped, in the order they came. */
export const floodMessageId = (i: number) =>
  `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

/**
 * `count` messages of `chars` characters each ("0"s) from a stranger, into an application's
 * thread (or Unmatched: `submissionId` null), made by the database itself in one statement
 * (2,100 of 256 KB in seconds, where as many SMTP messages took 35 s), one millisecond apart
 * from `from`. Their visible text is the first 1,000 characters.
 */
export async function floodMessages(
  database: DatabaseHandle,
  options: { applicationId: string | null; count: number; chars: number; from: number },
) {
  const { applicationId, count, chars, from } = options;
  if (database.dialect === "postgres") {
    // 200 at a time: each statement well within the query timeout of a busy machine.
    for (let start = 1; start <= count; start += 200) {
      const end = Math.min(count, start + 199);
      await sql`
      INSERT INTO application_messages (id, submission_id, direction, message_id, from_address,
        from_name, to_address, subject, body, visible, raw_file, created_at)
      SELECT '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'), ${applicationId}::uuid, 'in',
        '<flood-' || i || '@example.net>', 'flood@example.net', 'Flood', 'anything@reply.example',
        'Flood ' || i, repeat('0', ${chars}::int), repeat('0', 1000), 'inbound/flood-' || i || '.eml',
        ${from}::bigint + i
      FROM generate_series(${start}::int, ${end}::int) AS i`.execute(database.db);
    }
    return;
  }
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO application_messages (id, submission_id, direction, message_id, from_address,
      from_name, to_address, subject, body, visible, raw_file, created_at)
    SELECT printf('00000000-0000-4000-8000-%012d', i), ${applicationId}, 'in',
      '<flood-' || i || '@example.net>', 'flood@example.net', 'Flood', 'anything@reply.example',
      'Flood ' || i, substr(hex(zeroblob((${chars} + 1) / 2)), 1, ${chars}),
      substr(hex(zeroblob(500)), 1, 1000), 'inbound/flood-' || i || '.eml', ${from} + i
    FROM n`.execute(database.db);
}
