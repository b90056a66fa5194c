import { expect, it } from "vitest";
import type { IntakeOutcome } from "#app/shared/app-context.ts";
import { countedIntake } from "./counted-intake.ts";

it("counts the no-JavaScript form's applications by outcome, and answers as the intake did", async () => {
  const counted: string[] = [];
  const metrics = {
    applicationAccepted: () => counted.push("accepted"),
    applicationRefused: (reason: string) => counted.push(reason),
  };
  const outcomes: IntakeOutcome[] = [
    { ok: true, id: "a" },
    { ok: false, error: "validation_failed", fieldErrors: {} },
    { ok: false, error: "rate_limited", retryAfterSeconds: 60 },
    { ok: true, id: "b" },
  ];
  const port = countedIntake(
    { submit: async () => outcomes[counted.length] as IntakeOutcome },
    metrics,
  );
  const answers = [];
  for (let i = 0; i < 4; i++)
    answers.push(await port.submit({}, { ip: "127.0.0.1", userAgent: "test" }));
  expect(counted).toEqual(["accepted", "validation_failed", "rate_limited", "accepted"]);
  expect(answers.map((answer) => (answer.ok ? answer.id : answer.error))).toEqual([
    "a",
    "validation_failed",
    "rate_limited",
    "b",
  ]);
});
