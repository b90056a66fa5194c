import { expect, it } from "vitest";
import type { Application } from "../db/schema.ts";
import { validApplication } from "../test/fixtures.ts";
import { withoutAnswers } from "./labelled-answers.ts";

it("blanks out every free-text answer quoted in an error message, in any case", () => {
  const application = {
    ...validApplication({ name: "Maya Lopez", accountHandle: "@mayacooks" }),
    id: "x",
  } as unknown as Application;
  expect(
    withoutAnswers("550 rejected: MAYA LOPEZ <maya@example.com> (@mayacooks) 10k-50k", application),
  ).toBe("550 rejected: [name] <[email]> ([accountHandle]) 10k-50k");
  expect(withoutAnswers("connection refused", application)).toBe("connection refused");
  expect(withoutAnswers("no submission", undefined)).toBe("no submission");
});
