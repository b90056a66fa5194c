import { describe, expect, test } from "vitest";
import { bouncedEmail, deliveryErrorSentence, smtpCodes } from "./delivery-error";

const failed = (kind: string, lastError: string | null, errorClass: string | null = null) => ({
  kind,
  lastError,
  errorClass,
});

describe("a delivery's error as a sentence", () => {
  test("an unknown address (550 5.1.1), as nodemailer words it", () => {
    expect(
      deliveryErrorSentence(
        failed(
          "applicant_confirmation",
          "Can't send mail - all recipients were rejected: 550 5.1.1 <maya@example.com>: Recipient address rejected: User unknown in virtual mailbox table",
          "smtp_refused",
        ),
      ),
    ).toBe("The applicant's mail server refused the message: the address does not exist.");
  });

  test.each([
    [
      "reply_email",
      "552 5.2.2 Mailbox full",
      "The applicant's mail server refused the message: the mailbox is full.",
    ],
    [
      "reply_email",
      "550 5.7.1 Message rejected as spam",
      "The applicant's mail server refused the message: it was refused as unwanted (spam, or a rule of theirs).",
    ],
    [
      "team_notification",
      "550 5.1.2 Host unknown",
      "The team's mail server refused the message: the address's domain does not exist.",
    ],
    [
      "reply_email",
      "451 4.3.0 Temporary failure",
      "The applicant's mail server refused the message: it was refused for now; it will be tried again.",
    ],
    [
      "reply_email",
      "554 5.4.4 Unable to route",
      "The applicant's mail server refused the message: it was refused for good.",
    ],
    [
      "reply_email",
      "550 Requested action not taken: mailbox unavailable",
      "The applicant's mail server refused the message: the address is not valid.",
    ],
  ])("%s: %s", (kind, line, sentence) => {
    expect(deliveryErrorSentence(failed(kind, line, "smtp_refused"))).toBe(sentence);
  });

  test("no SMTP reply: the error's class says it", () => {
    expect(deliveryErrorSentence(failed("webhook", "Webhook answered 404", "http_4xx"))).toBe(
      "The service refused the message: its address or token may be wrong.",
    );
    expect(deliveryErrorSentence(failed("reply_email", "getaddrinfo ENOTFOUND x", "dns"))).toBe(
      "The receiving domain could not be found.",
    );
    expect(deliveryErrorSentence(failed("slack", "boom", "__proto__"))).toBe(
      "It failed: the error is below.",
    );
    expect(deliveryErrorSentence(failed("slack", null, null))).toBeUndefined();
  });

  test("the codes are read where they stand, not from an address or a count", () => {
    expect(smtpCodes("550 5.1.1 <a@b>")).toEqual({ basic: "550", enhanced: "5.1.1" });
    expect(smtpCodes("connect ETIMEDOUT 10.0.0.5:587")).toEqual({});
  });
});

describe("a bounced address", () => {
  const row = (
    kind: string,
    status: string,
    lastError: string | null,
    errorClass: string | null,
  ) => ({
    kind,
    status,
    lastError,
    errorClass,
  });

  test("the confirmation refused for good by their server", () => {
    expect(
      bouncedEmail([
        row("applicant_confirmation", "failed", "550 5.1.1 no such user", "smtp_refused"),
      ]),
    ).toBe("confirmation");
    expect(bouncedEmail([row("reply_email", "failed", "550 5.1.1 no such user", null)])).toBe(
      "reply",
    );
  });

  test("not a retry to come, nor a failure of ours", () => {
    expect(
      bouncedEmail([row("applicant_confirmation", "pending", "451 4.3.0 later", "smtp_refused")]),
    ).toBeUndefined();
    expect(
      bouncedEmail([
        row("applicant_confirmation", "failed", "connect ECONNREFUSED", "unreachable"),
      ]),
    ).toBeUndefined();
    expect(
      bouncedEmail([row("team_notification", "failed", "550 5.1.1", "smtp_refused")]),
    ).toBeUndefined();
  });
});
