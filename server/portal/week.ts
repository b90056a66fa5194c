/** A week, as the plans count videos: from Monday 00:00 UTC, 7 days. */
export const weekMs = 7 * 24 * 60 * 60 * 1000;

/** The Monday 00:00 UTC (epoch ms) of the week `now` falls in. */
export function weekOf(now: number): number {
  const day = new Date(now);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return midnight - sinceMonday * 24 * 60 * 60 * 1000;
}

/**
 * The week a new request starts in: this week while it has fewer than `perWeek` requests, else
 * the first later week that has room (a request beyond the plan is accepted, later). `taken`:
 * requests per week from this week on.
 */
export function startingWeek(now: number, perWeek: number, taken: Map<number, number>): number {
  let week = weekOf(now);
  while ((taken.get(week) ?? 0) >= perWeek) week += weekMs;
  return week;
}
