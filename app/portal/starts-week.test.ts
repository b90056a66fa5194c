import { expect, it } from "vitest";
import { startsText } from "./starts-week";

const monday = Date.UTC(2026, 10, 23);
const week = 7 * 24 * 60 * 60 * 1000;

it("says this week, next week, or the week's Monday for later ones", () => {
  expect(startsText(monday, monday)).toBe("Starts this week");
  expect(startsText(monday + week, monday)).toBe("Starts next week");
  expect(startsText(monday + 2 * week, monday)).toBe("Starts the week of 2026-12-07");
});
