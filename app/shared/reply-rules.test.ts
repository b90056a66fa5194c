import { describe, expect, test } from "vitest";
import { normalizeReply, replyProblem } from "./reply-rules.ts";

const subject = "Re: Your application (Creator plan)";

describe("a reply's rules", () => {
  test("takes a one-line subject and a text with line breaks, tabs and emoji", () => {
    const reply = normalizeReply({
      subject: `  ${subject}  `,
      body: "Hi,\r\n\r\n\tSee you 🎬\r\n",
    });
    expect(reply).toEqual({ subject, body: "Hi,\n\n\tSee you 🎬" });
    expect(replyProblem(reply)).toBeUndefined();
  });

  test.each([
    ["Hi\r\nBcc: everyone@example.com"],
    ["Hi\nBcc: everyone@example.com"],
    ["Hi\rthere"],
    ["Hi\tthere"],
    ["Hi\u0000"],
    ["Hi\u007f"],
    ["Hi\u0085"],
    ["Hi\u2028there"],
    ["Hi\ud800"],
  ])("refuses a subject that is not one line of text: %j", (bad) => {
    expect(replyProblem(normalizeReply({ subject: bad, body: "x" }))).toEqual({
      field: "subject",
      message:
        "The subject must be one line: please remove line breaks and invisible control characters.",
    });
  });

  test("bounds both fields, and refuses control characters in the text", () => {
    const problem = (subject: string, body: string) =>
      replyProblem(normalizeReply({ subject, body }))?.message;
    expect(problem(" ", "x")).toBe("Please write a subject.");
    expect(problem("x".repeat(200), "x")).toBeUndefined();
    expect(problem("x".repeat(201), "x")).toBe("Subjects are at most 200 characters.");
    expect(problem(subject, " \n ")).toBe("Please write a message.");
    expect(problem(subject, "y".repeat(10_000))).toBeUndefined();
    expect(problem(subject, "y".repeat(10_001))).toBe("Messages are at most 10,000 characters.");
    for (const char of ["\u0000", "\u0007", "\u000b", "\u001b", "\u007f", "\u0085"]) {
      expect(problem(subject, `Hi${char}there`), JSON.stringify(char)).toBe(
        "Please remove invisible control characters",
      );
    }
  });
});
