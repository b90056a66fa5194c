import { expect, it } from "vitest";
import { plans } from "#app/content/plans.ts";
import { footageMinutes } from "./footage-minutes.ts";

const minute = 60_000;

it("flags a clip over its plan's raw minutes per video, with its minutes: Creator 10, Influencer 20, Enterprise no cap", () => {
  expect(footageMinutes(10 * minute, "Creator")).toEqual({ over: false });
  expect(footageMinutes(10 * minute + 1, "Creator")).toEqual({
    over: true,
    minutes: 11,
    capMinutes: 10,
  });
  expect(footageMinutes(12 * minute, "Creator")).toEqual({
    over: true,
    minutes: 12,
    capMinutes: 10,
  });
  expect(footageMinutes(12 * minute, "Influencer")).toEqual({ over: false });
  expect(footageMinutes(20 * minute, "Influencer")).toEqual({ over: false });
  expect(footageMinutes(20 * minute + 30_000, "Influencer")).toEqual({
    over: true,
    minutes: 21,
    capMinutes: 20,
  });
  expect(footageMinutes(5 * 60 * minute, "Enterprise")).toEqual({ over: false });
});

it("reads the caps from the plans' contract, the one place they are", () => {
  for (const plan of plans) {
    const cap = plan.contract.footageMinutesPerVideo;
    const long = footageMinutes(((cap ?? 600) + 1) * minute, plan.name);
    expect(long).toEqual(
      cap === null ? { over: false } : { over: true, minutes: cap + 1, capMinutes: cap },
    );
  }
});

it("flags nothing it cannot measure (a picture, a file not read yet), and counts an unknown plan as Creator", () => {
  expect(footageMinutes(null, "Creator")).toEqual({ over: false });
  expect(footageMinutes(15 * minute, "Gone")).toEqual({ over: true, minutes: 15, capMinutes: 10 });
});
