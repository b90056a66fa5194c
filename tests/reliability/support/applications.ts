import { applicationOf, validApplication } from "../../../server/test/fixtures.ts";
import type { Instance } from "./instance.ts";

/**
 * Posts `count` applications through the intake API, in turn to each of `instances`; the
 * applicant of the i-th at `emailOf(i)` when given (else `<label><i>@example.com`).
 */
export function submitAcross(
  instances: readonly Instance[],
  count: number,
  label: string,
  emailOf?: (i: number) => string,
) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const target = instances[i % instances.length] as Instance;
      const response = await fetch(target.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(
          emailOf
            ? validApplication({ accountHandle: `@${label}${i}`, email: emailOf(i) })
            : applicationOf(`${label}${i}`),
        ),
      });
      if (response.status !== 200) throw new Error(`${label}${i}: answered ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    }),
  );
}
