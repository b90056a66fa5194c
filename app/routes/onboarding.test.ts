import { describe, expect, test, vi } from "vitest";
import { createAppContext, type IntakeOutcome, type IntakePort } from "~/shared/app-context";
import { exampleAnswers } from "~/shared/fields";
import { action, loader } from "./onboarding";

const key = "0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";
const answers: Record<string, string> = { ...exampleAnswers(), brandStyle: "" };

function post(fields: Record<string, string>) {
  return new Request("http://localhost/onboarding?plan=Influencer", {
    method: "POST",
    headers: { "User-Agent": "test-agent" },
    body: new URLSearchParams(fields),
  });
}

function intakeAnswering(outcome: IntakeOutcome) {
  return { submit: vi.fn<IntakePort["submit"]>(async () => outcome) };
}

async function run(fields: Record<string, string>, intake?: IntakePort, formRejection?: 413 | 415) {
  const context = createAppContext({ nonce: "", intake, clientIp: "203.0.113.7", formRejection });
  // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type is not needed here
  return (await action({ request: post(fields), context, params: {} } as any)) as any;
}

describe("loader", () => {
  test("resolves the plan and makes a fresh idempotency key per visit", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const args = (url: string) => ({ request: new Request(url), params: {} }) as any;
    const first = await loader(args("http://localhost/onboarding?plan=enterprise"));
    const second = await loader(args("http://localhost/onboarding"));
    expect(first.plan).toBe("Enterprise");
    expect(second.plan).toBe("Creator");
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
    expect(first.beaconToken).toBe(""); // no server counting visits: no beacons
  });

  test("carries the token the server made for this visitor, for the page's beacons", async () => {
    const context = createAppContext({ nonce: "", beaconToken: async () => "token-of-visitor" });
    const request = new Request("http://localhost/onboarding");
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const data = await loader({ request, context } as any);
    expect(data.beaconToken).toBe("token-of-visitor");
  });
});

describe("action (the form posted without JavaScript)", () => {
  test("valid answers go to the intake service, then to /thank-you", async () => {
    const intake = intakeAnswering({ ok: true, id: "x" });
    const response = await run({ ...answers, idempotencyKey: key, website: "" }, intake);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/thank-you");
    expect(intake.submit).toHaveBeenCalledWith(answers, {
      ip: "203.0.113.7",
      host: "localhost",
      userAgent: "test-agent",
      idempotencyKey: key,
    });
  });

  test("a filled honeypot is passed on for the intake service to judge", async () => {
    const intake = intakeAnswering({ ok: true, id: "x" });
    await run({ ...answers, website: "https://spam.example" }, intake);
    expect(intake.submit.mock.calls[0]![0]).toEqual({
      ...answers,
      website: "https://spam.example",
    });
  });

  test("invalid answers: 400, the messages, the values as typed; nothing is sent", async () => {
    const intake = intakeAnswering({ ok: true, id: "x" });
    const result = await run(
      { ...answers, name: "M", goals: "short", idempotencyKey: key },
      intake,
    );
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      name: ["Name must be at least 2 characters"],
      goals: ["Please describe your goals (at least 10 characters)"],
    });
    expect(result.data.formError).toBe("Please check the fields marked below.");
    expect(result.data.values).toMatchObject({ name: "M", goals: "short" });
    expect(result.data.idempotencyKey).toBe(key);
    expect(intake.submit).not.toHaveBeenCalled();
  });

  test("no intake service: 503 with a clear message, never a pretend success", async () => {
    const result = await run(answers);
    expect(result.init.status).toBe(503);
    expect(result.init.headers).toEqual({ "Retry-After": "60" });
    expect(result.data.formError).toMatch(/temporarily unavailable/);
    expect(result.data.values).toEqual(answers);
  });

  test("the service's own verdicts: validation, rate limit, unavailable", async () => {
    const invalid = await run(
      answers,
      intakeAnswering({
        ok: false,
        error: "validation_failed",
        fieldErrors: { email: ["Please enter a valid email"] },
      }),
    );
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.fieldErrors).toEqual({ email: ["Please enter a valid email"] });

    const limited = await run(
      answers,
      intakeAnswering({ ok: false, error: "rate_limited", retryAfterSeconds: 120 }),
    );
    expect(limited.init.status).toBe(429);
    expect(limited.init.headers).toEqual({ "Retry-After": "120" });
    expect(limited.data.formError).toMatch(/Too many submissions/);

    const down = await run(
      answers,
      intakeAnswering({ ok: false, error: "unavailable", retryAfterSeconds: 30 }),
    );
    expect(down.init.status).toBe(503);
    expect(down.init.headers).toEqual({ "Retry-After": "30" });
  });

  test("the same page sent again with other answers: 422, a fresh key, the answers kept", async () => {
    const result = await run(
      { ...answers, idempotencyKey: key },
      intakeAnswering({ ok: false, error: "idempotency_key_reused" }),
    );
    expect(result.init.status).toBe(422);
    expect(result.data.formError).toMatch(/sent before with other answers/);
    expect(result.data.values).toEqual(answers);
    expect(result.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.data.idempotencyKey).not.toBe(key);
  });

  test("too many applications at once: 503 with Retry-After, the answers kept", async () => {
    const result = await run(
      { ...answers, idempotencyKey: key },
      intakeAnswering({ ok: false, error: "overloaded", retryAfterSeconds: 2 }),
    );
    expect(result.init.status).toBe(503);
    expect(result.init.headers).toEqual({ "Retry-After": "2" });
    expect(result.data.formError).toMatch(/not saved yet/);
    expect(result.data.values).toEqual(answers);
    expect(result.data.idempotencyKey).toBe(key);
  });

  test("a body the server refused unread (413, 415): the page's own message, nothing sent", async () => {
    const intake = intakeAnswering({ ok: true, id: "x" });
    const tooLarge = await run({}, intake, 413);
    expect(tooLarge.init.status).toBe(413);
    expect(tooLarge.data.formError).toMatch(/too long to send in one go/);
    const notAForm = await run({}, intake, 415);
    expect(notAForm.init.status).toBe(415);
    expect(notAForm.data.formError).toMatch(/only be sent as the page sends it/);
    expect(intake.submit).not.toHaveBeenCalled();
  });
});
