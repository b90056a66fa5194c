import { defaultPlan, planNamed } from "#app/content/plans.ts";
import type { FootageMinutes } from "#app/shared/footage-item.ts";

const minute = 60_000;

/**
 * Whether a clip of `durationMs` is over its plan's raw footage per video (app/content/plans.ts
 * `contract.footageMinutesPerVideo`; null: no cap), and by how much: the clip's minutes rounded
 * up ("11 min" for 10 min 1 s). Exactly the cap is not over. A plan no longer sold is counted as
 * the default plan, as its videos a week are.
 */
export function footageMinutes(durationMs: number | null, plan: string): FootageMinutes {
  const cap = (planNamed(plan) ?? planNamed(defaultPlan))?.contract.footageMinutesPerVideo ?? null;
  if (durationMs === null || cap === null || durationMs <= cap * minute) return { over: false };
  return { over: true, minutes: Math.ceil(durationMs / minute), capMinutes: cap };
}
