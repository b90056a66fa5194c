import { describe, expect, it } from "vitest";
import { landing } from "#app/content/landing.ts";
import { service } from "#app/content/service.ts";
import {
  activeMs,
  deliveryClaimMs,
  readTurn,
  type Turn,
  turnaroundFigures,
  turnaroundMs,
} from "./turnaround.ts";

const hour = 3_600_000;
const day = 24 * hour;
/** Footage marked complete (a Monday, 09:00 UTC); every clock below is read at T + something. */
const T = Date.UTC(2026, 10, 30, 9, 0);
const lead = 4 * hour;
const at = (ms: number) => ({ now: T + ms, reminderLeadMs: lead });
const turn = (plan: string, extra: Partial<Turn> = {}): Turn => ({
  plan,
  startedAt: T,
  deliveredAt: null,
  pauses: [],
  ...extra,
});

describe("the plan's clock of a cut", () => {
  it("takes each plan's turnaround from plans.ts: Creator 7 days, Influencer 48 h, Enterprise 24 h; an unknown plan as Creator", () => {
    expect(["Creator", "Influencer", "Enterprise", "Gold"].map(turnaroundMs)).toEqual([
      7 * day,
      48 * hour,
      24 * hour,
      7 * day,
    ]);
  });

  it("counts down to the due time, due soon within the reminder lead, then overdue from the due time", () => {
    const influencer = turn("Influencer");
    expect(readTurn(influencer, at(hour))).toEqual({
      state: "running",
      dueAt: T + 48 * hour,
      remainingMs: 47 * hour,
      dueSoon: false,
      remindAt: T + 44 * hour,
    });
    expect(readTurn(influencer, at(44 * hour - 1))).toMatchObject({ dueSoon: false });
    expect(readTurn(influencer, at(44 * hour))).toMatchObject({
      state: "running",
      dueSoon: true,
      remainingMs: lead,
    });
    expect(readTurn(influencer, at(48 * hour))).toEqual({
      state: "overdue",
      dueAt: T + 48 * hour,
      overdueMs: 0,
    });
    expect(readTurn(influencer, at(50 * hour))).toEqual({
      state: "overdue",
      dueAt: T + 48 * hour,
      overdueMs: 2 * hour,
    });
  });

  it("stops while the team waits on the client, and the due time moves by the wait", () => {
    const waiting = turn("Creator", { pauses: [{ from: T + day, to: null }] });
    expect(readTurn(waiting, at(2 * day))).toEqual({
      state: "paused",
      pausedSince: T + day,
      remainingMs: 6 * day,
    });
    const answered = turn("Creator", { pauses: [{ from: T + day, to: T + 3 * day }] });
    expect(readTurn(answered, at(4 * day))).toMatchObject({
      state: "running",
      dueAt: T + 9 * day,
      remainingMs: 5 * day,
    });
    expect(readTurn(answered, at(9 * day))).toEqual({
      state: "overdue",
      dueAt: T + 9 * day,
      overdueMs: 0,
    });
  });

  it("leaves out a wait before the clock started, counts overlapping waits once, and lets no wait after the due time undo it", () => {
    const pauses = [
      { from: T - 5 * hour, to: T + hour },
      { from: T + 3 * hour, to: T + 5 * hour },
      { from: T + 4 * hour, to: T + 6 * hour },
    ];
    expect(activeMs(T, T + 10 * hour, pauses)).toBe(6 * hour);
    expect(readTurn(turn("Enterprise", { pauses }), at(10 * hour))).toMatchObject({
      dueAt: T + 28 * hour,
    });
    const late = turn("Enterprise", { pauses: [{ from: T + 30 * hour, to: null }] });
    expect(readTurn(late, at(41 * hour))).toEqual({
      state: "overdue",
      dueAt: T + 24 * hour,
      overdueMs: 17 * hour,
    });
  });

  it("reads a delivered cut both ways: by the plan's turnaround and by the landing page's 24–48 hours", () => {
    const read = (plan: string, deliveredAfter: number, pauses: Turn["pauses"] = []) =>
      readTurn(turn(plan, { deliveredAt: T + deliveredAfter, pauses }), at(30 * day));
    expect(read("Influencer", 47 * hour)).toEqual({
      state: "delivered",
      dueAt: T + 48 * hour,
      activeMs: 47 * hour,
      onTime: true,
      withinClaim: true,
    });
    expect(read("Influencer", 48 * hour)).toMatchObject({ onTime: true, withinClaim: true });
    expect(read("Influencer", 48 * hour + 1)).toMatchObject({ onTime: false, withinClaim: false });
    // Creator: on time at 5 days by its plan, not within "24–48 hour delivery".
    expect(read("Creator", 5 * day)).toMatchObject({ onTime: true, withinClaim: false });
    // Enterprise: late by its plan at 30 h, still within the landing page's 48 hours.
    expect(read("Enterprise", 30 * hour)).toMatchObject({ onTime: false, withinClaim: true });
    // A wait on the client counts for neither.
    expect(read("Creator", 8 * day, [{ from: T + day, to: T + 3 * day }])).toEqual({
      state: "delivered",
      dueAt: T + 9 * day,
      activeMs: 6 * day,
      onTime: true,
      withinClaim: false,
    });
  });

  it("runs a revision's clock from when the client asked for changes, with the same turnaround", () => {
    const asked = T + 3 * day;
    const revision = turn("Enterprise", { startedAt: asked });
    expect(readTurn(revision, at(3 * day + hour))).toMatchObject({
      state: "running",
      dueAt: asked + 24 * hour,
    });
  });
});

describe("turnaround figures", () => {
  it("divides by the cuts delivered or past due only, and reads the landing page's claim beside the plans'", () => {
    const now = T + 3 * day;
    const turns: Turn[] = [
      turn("Enterprise", { deliveredAt: T + 20 * hour }), // on time, within 48 h
      turn("Enterprise", { deliveredAt: T + 30 * hour }), // late, within 48 h
      turn("Influencer"), // overdue (72 h): counted, cannot meet 48 h any more
      turn("Creator"), // not yet due (3 of 7 days), but past 48 h already
      turn("Creator", { startedAt: now - 10 * hour }), // not yet due, 10 h in: in neither
      turn("Influencer", { startedAt: now - 20 * hour, pauses: [{ from: now - hour, to: null }] }),
    ];
    expect(turnaroundFigures(turns, now)).toEqual({
      counted: 3,
      onTime: 1,
      late: 1,
      overdue: 1,
      notYetDue: 3,
      onTimeRate: 1 / 3,
      claim: { hours: 48, counted: 4, within: 2, rate: 0.5 },
    });
  });

  it("has no rate before anything is due: never 100 % of nothing", () => {
    expect(turnaroundFigures([turn("Creator")], T + day)).toEqual({
      counted: 0,
      onTime: 0,
      late: 0,
      overdue: 0,
      notYetDue: 1,
      onTimeRate: null,
      claim: { hours: 48, counted: 0, within: 0, rate: null },
    });
  });

  it("takes the claim's hours from the words the landing page says", () => {
    expect(deliveryClaimMs).toBe(48 * hour);
    expect(JSON.stringify(landing)).toContain(`24–${service.deliveryClaimHours} hour delivery`);
  });
});
