import { expect, it } from "vitest";
import type { Application } from "../db/schema.ts";
import { validApplication } from "../test/fixtures.ts";
import { httpFailure } from "./error-class.ts";
import { decideOutcome } from "./outcome.ts";

const application = { ...validApplication(), id: "x" } as unknown as Application;
const delays = [30, 120];

it("a send that went out is delivered", () => {
  expect(decideOutcome({ attempts: 0 }, { ok: true }, delays)).toEqual({ status: "delivered" });
});

it("a failure with delays left is retried after this attempt's delay (±20%)", () => {
  const before = Date.now();
  const error = new Error("550 mailbox of maya@example.com (Maya Lopez) is full");
  const outcome = decideOutcome({ attempts: 1 }, { ok: false, error, application }, delays);
  expect(outcome).toMatchObject({ status: "retry", attempts: 2 });
  if (outcome.status !== "retry") return;
  expect(outcome.retryAt).toBeGreaterThanOrEqual(before + 120_000 * 0.8);
  expect(outcome.retryAt).toBeLessThanOrEqual(Date.now() + 120_000 * 1.2);
  // What is logged and stored carries no answer of the applicant's.
  expect(outcome.error).toBe("550 mailbox of [email] ([name]) is full");
});

it("a failure with the delays used up has failed for good", () => {
  const outcome = decideOutcome(
    { attempts: 2 },
    { ok: false, error: new Error("refused") },
    delays,
  );
  expect(outcome).toEqual({ status: "failed", attempts: 3, error: "refused", errorClass: "other" });
});

it("a refusal for good (a chat service's 4xx) fails at once, whatever delays are left", () => {
  const error = httpFailure("Discord", 400, "Invalid Form Body 50035");
  expect(decideOutcome({ attempts: 0 }, { ok: false, error }, delays)).toEqual({
    status: "failed",
    attempts: 1,
    error: "Discord answered 400 (Invalid Form Body 50035)",
    errorClass: "http_4xx",
  });
  const busy = decideOutcome(
    { attempts: 0 },
    { ok: false, error: httpFailure("Slack", 429) },
    delays,
  );
  expect(busy).toMatchObject({ status: "retry", errorClass: "http_429" });
});
