import { describe, expect, it } from "vitest";
import { startingWeek, weekMs, weekOf } from "./week.ts";

const monday = Date.UTC(2026, 10, 23); // Monday 23 November 2026, 00:00 UTC

describe("weekOf", () => {
  it("is the Monday 00:00 UTC of the week, from Monday to Sunday night", () => {
    expect(weekOf(monday)).toBe(monday);
    expect(weekOf(monday + 3 * 24 * 3600_000 + 5_000)).toBe(monday);
    expect(weekOf(monday + weekMs - 1)).toBe(monday);
    expect(weekOf(monday + weekMs)).toBe(monday + weekMs);
    expect(weekOf(monday - 1)).toBe(monday - weekMs);
  });
});

describe("startingWeek", () => {
  it("is this week while it has room, the next once the plan's videos are taken", () => {
    const now = monday + 2 * 24 * 3600_000;
    expect(startingWeek(now, 3, new Map())).toBe(monday);
    expect(startingWeek(now, 3, new Map([[monday, 2]]))).toBe(monday);
    expect(startingWeek(now, 3, new Map([[monday, 3]]))).toBe(monday + weekMs);
  });

  it("skips later weeks that are full too", () => {
    const taken = new Map([
      [monday, 3],
      [monday + weekMs, 3],
    ]);
    expect(startingWeek(monday, 3, taken)).toBe(monday + 2 * weekMs);
  });
});
