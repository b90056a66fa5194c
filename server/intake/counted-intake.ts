import type { IntakePort } from "#app/shared/app-context.ts";
import type { Metrics } from "../metrics/metrics.ts";

/**
 * The intake as the no-JavaScript form uses it, counting its outcomes in /metrics (the JSON
 * endpoint's answers are counted as HTTP answers, see metrics/http-metrics.ts).
 */
export function countedIntake(
  port: IntakePort,
  metrics: Pick<Metrics, "applicationAccepted" | "applicationRefused">,
): IntakePort {
  return {
    async submit(input, meta) {
      const outcome = await port.submit(input, meta);
      if (outcome.ok) metrics.applicationAccepted();
      else metrics.applicationRefused(outcome.error);
      return outcome;
    },
  };
}
