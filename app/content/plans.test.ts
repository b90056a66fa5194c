import { describe, expect, it } from "vitest";
import { planNamed, plans } from "./plans.ts";

describe("the plans' contract", () => {
  it("holds the numbers the portal counts: 3, 5, 10 videos a week; 10, 20, no cap minutes; 7 days, 48 h, 24 h", () => {
    expect(plans.map((plan) => [plan.name, plan.contract])).toEqual([
      ["Creator", { videosPerWeek: 3, footageMinutesPerVideo: 10, turnaroundHours: 168 }],
      ["Influencer", { videosPerWeek: 5, footageMinutesPerVideo: 20, turnaroundHours: 48 }],
      ["Enterprise", { videosPerWeek: 10, footageMinutesPerVideo: null, turnaroundHours: 24 }],
    ]);
  });

  it("says the same numbers in words as the landing page's features", () => {
    for (const plan of plans) {
      const words = plan.features.join("\n");
      expect(words).toMatch(
        new RegExp(`\\b${plan.contract.videosPerWeek} (short-form )?videos per week`),
      );
      const minutes = plan.contract.footageMinutesPerVideo;
      expect(words).toMatch(
        minutes === null
          ? /No cap on raw footage/
          : new RegExp(`Up to ${minutes} minutes of raw footage`),
      );
      const hours = plan.contract.turnaroundHours;
      expect(words).toMatch(new RegExp(`\\b(${hours}-hour|${hours / 24}-day) turnaround`));
    }
  });

  it("finds a plan by its stored name, and nothing for another", () => {
    expect(planNamed("Influencer")?.contract.videosPerWeek).toBe(5);
    expect(planNamed("Gold")).toBeUndefined();
  });
});
