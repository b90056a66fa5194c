import { describe, expect, it } from "vitest";
import { momentText } from "./moment";

describe("a moment on the team's pages", () => {
  const at = Date.UTC(2026, 10, 25, 14, 5);

  it("is shown in the member's time zone, with its offset, in one format", () => {
    expect(momentText(at, "UTC")).toBe("25 Nov 2026, 14:05 UTC");
    expect(momentText(at, "Europe/Paris")).toBe("25 Nov 2026, 15:05 UTC+1");
    expect(momentText(at, "America/New_York")).toBe("25 Nov 2026, 09:05 UTC-5");
    // Another day in Tokyo: the date follows the zone too.
    expect(momentText(Date.UTC(2026, 10, 25, 20, 0), "Asia/Tokyo")).toBe(
      "26 Nov 2026, 05:00 UTC+9",
    );
    // Half-hour zones, and summer time.
    expect(momentText(at, "Asia/Kolkata")).toBe("25 Nov 2026, 19:35 UTC+5:30");
    expect(momentText(Date.UTC(2026, 6, 1, 12, 0), "Europe/London")).toBe(
      "1 Jul 2026, 13:00 UTC+1",
    );
  });
});
