import { describe, expect, test, vi } from "vitest";
import { exampleAnswers } from "~/shared/fields";
import { fieldNames } from "~/shared/schema";
import { buildPayload, intakeUrl, sendOnboarding } from "./submit";

const application = exampleAnswers();
const key = "0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";

describe("intakeUrl", () => {
  test("same origin by default, or under the configured API base", () => {
    expect(intakeUrl(undefined)).toBe("/functions/v1/send-onboarding-email");
    expect(intakeUrl("")).toBe("/functions/v1/send-onboarding-email");
    expect(intakeUrl("https://api.example.com/")).toBe(
      "https://api.example.com/functions/v1/send-onboarding-email",
    );
  });
});

describe("buildPayload", () => {
  test("exactly the eleven keys, brandStyle empty, option codes", () => {
    expect(buildPayload(application)).toEqual(application);
    // The schema's eleven names, in the form's order (schema.test.ts spells them out).
    expect(Object.keys(buildPayload(application))).toEqual(fieldNames);
  });

  test("the honeypot goes along only when filled in", () => {
    expect(buildPayload(application, "")).not.toHaveProperty("website");
    expect(buildPayload(application, "https://spam.example")).toEqual({
      ...application,
      website: "https://spam.example",
    });
  });
});

describe("sendOnboarding", () => {
  test("POSTs the JSON with its idempotency key; ok answers are ok", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    const result = await sendOnboarding(application, { idempotencyKey: key, fetch });
    expect(result).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/functions/v1/send-onboarding-email");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json", "Idempotency-Key": key });
    expect(JSON.parse(init.body as string)).toEqual(application);
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  test("a non-ok answer is a failure with its status as the cause", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 500 }));
    const result = await sendOnboarding(application, { idempotencyKey: key, fetch });
    expect(result.ok).toBe(false);
    expect(!result.ok && String(result.cause)).toContain("HTTP 500");
  });

  test("a network failure is a failure, not an exception", async () => {
    const failure = new TypeError("Failed to fetch");
    const fetch = vi.fn(async () => {
      throw failure;
    });
    expect(await sendOnboarding(application, { idempotencyKey: key, fetch })).toEqual({
      ok: false,
      cause: failure,
    });
  });

  test("gives up after the timeout", async () => {
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const started = Date.now();
    const result = await sendOnboarding(application, { idempotencyKey: key, fetch, timeoutMs: 50 });
    expect(result.ok).toBe(false);
    expect(!result.ok && (result.cause as Error).name).toBe("TimeoutError");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
