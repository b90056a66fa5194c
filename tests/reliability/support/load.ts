import { applicationOf } from "../../../server/test/fixtures.ts";
import { createHttpClient } from "./http-client.ts";
import type { Instance } from "./instance.ts";

/**
 * Applications at `concurrency` until stopped (at most `max`). Each has its own Idempotency-Key; one that gets
 * no answer (the instance died) is sent again, with the same key, to the next live target, as a
 * load balancer would. Returns the ids that were answered 200.
 */
export function startLoad(
  targets: () => Instance[],
  concurrency: number,
  max = 4000,
  tag = "crash",
) {
  const client = createHttpClient({ connections: concurrency, timeoutMs: 10_000 });
  const acked = new Map<string, string>();
  let next = 0;
  let settled = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped && next < max) {
      const i = next++;
      const key = `${tag}-${i}`;
      for (let attempt = 0; attempt < 3 && !stopped; attempt++) {
        const live = targets().filter((instance) => instance.alive());
        const target = live[(i + attempt) % Math.max(1, live.length)];
        if (!target) return;
        const answer = await client
          .postJson(target.endpoint, applicationOf(`${tag}${i}`), {
            "Idempotency-Key": key,
          })
          .catch(() => undefined);
        if (answer?.status === 200) {
          acked.set(key, (JSON.parse(answer.body) as { id: string }).id);
          break;
        }
      }
      settled += 1;
    }
  };
  const lanes = Promise.all(Array.from({ length: concurrency }, lane));
  return {
    acked,
    sent: () => next,
    inFlight: () => next - settled,
    stop: async () => {
      stopped = true;
      await lanes;
      client.close();
    },
  };
}
