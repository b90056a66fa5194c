import { expect, it } from "vitest";
import type { Submission } from "../db/schema.ts";
import { validApplication } from "../test/fixtures.ts";
import { withoutAnswers } from "./labelled-answers.ts";

it("blanks out every free-text answer quoted in an error message, in any case", () => {
  const submission = {
    ...validApplication({ name: "Maya Lopez", accountHandle: "@mayacooks" }),
    id: "x",
  } as unknown as Submission;
  expect(
    withoutAnswers("550 rejected: MAYA LOPEZ <maya@example.com> (@mayacooks) 10k-50k", submission),
  ).toBe("550 rejected: [name] <[email]> ([accountHandle]) 10k-50k");
  expect(withoutAnswers("connection refused", submission)).toBe("connection refused");
  expect(withoutAnswers("no submission", undefined)).toBe("no submission");
});
