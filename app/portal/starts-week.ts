import { portal } from "~/content/portal";
import { fill } from "~/shared/text";

const copy = portal.client.home;
const weekMs = 7 * 24 * 60 * 60 * 1000;

/** When a request's work starts, said against this week: this week, next week, or its date. */
export function startsText(startsWeek: number, thisWeek: number): string {
  if (startsWeek <= thisWeek) return copy.startsThisWeek;
  if (startsWeek === thisWeek + weekMs) return copy.startsNextWeek;
  return fill(copy.startsLater, { date: new Date(startsWeek).toISOString().slice(0, 10) });
}
