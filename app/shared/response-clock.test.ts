import { describe, expect, it } from "vitest";
import { endOfUtcDay, readClock, spanText, utcText } from "./response-clock";

const hour = 3_600_000;
const created = Date.UTC(2026, 10, 25, 8, 0);
const row = {
  createdAt: created,
  dueAt: created + 24 * hour,
  firstResponseAt: null,
  isSpam: false,
};

describe("the promise's clock", () => {
  it("counts down to the due time, then up from it", () => {
    expect(readClock(row, created + 60_000)).toEqual({ state: "due", ms: 24 * hour - 60_000 });
    expect(spanText(24 * hour - 60_000)).toBe("23 h");
    expect(readClock(row, created + 26 * hour)).toEqual({ state: "overdue", ms: 2 * hour });
    expect(readClock(row, created + 24 * hour)).toEqual({ state: "overdue", ms: 0 });
  });

  it("stops at the first response, overdue or not", () => {
    const answered = { ...row, firstResponseAt: created + 3 * hour + 5 * 60_000 };
    expect(readClock(answered, created + 90 * hour)).toEqual({
      state: "answered",
      ms: 3 * hour + 5 * 60_000,
      late: false,
    });
  });

  it("tells a late answer from one later than twice the promise", () => {
    const at = (hours: number) => readClock({ ...row, firstResponseAt: created + hours * hour }, 0);
    expect(at(24)).toMatchObject({ state: "answered", late: false });
    expect(at(26)).toMatchObject({ state: "answered", late: "late" });
    expect(at(48)).toMatchObject({ state: "answered", late: "late" });
    expect(at(48.1)).toMatchObject({ state: "answered", late: "very" });
    // No due time (from before the clock): nothing was promised, so never late.
    expect(readClock({ ...row, dueAt: null, firstResponseAt: created + 90 * hour }, 0)).toEqual({
      state: "answered",
      ms: 90 * hour,
      late: false,
    });
  });

  it("promises nothing for spam or a row without a due time", () => {
    expect(readClock({ ...row, isSpam: true }, created)).toEqual({ state: "none" });
    expect(readClock({ ...row, dueAt: null }, created)).toEqual({ state: "none" });
  });

  it("words spans rounded down, in the unit that reads best", () => {
    expect(spanText(59_999)).toBe("under 1 min");
    expect(spanText(45 * 60_000 + 59_000)).toBe("45 min");
    expect(spanText(47 * hour + 59 * 60_000)).toBe("47 h");
    expect(spanText(3 * 24 * hour + hour)).toBe("3 d");
  });

  it("tells moments in UTC, and where today ends", () => {
    expect(utcText(Date.UTC(2026, 10, 25, 14, 5, 30))).toBe("25 Nov 2026, 14:05 UTC");
    expect(endOfUtcDay(Date.UTC(2026, 10, 25, 23, 59))).toBe(Date.UTC(2026, 10, 26));
    expect(endOfUtcDay(Date.UTC(2026, 10, 26))).toBe(Date.UTC(2026, 10, 27));
  });
});
