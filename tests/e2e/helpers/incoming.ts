import {
  type APIRequestContext,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from "@playwright/test";
import { inboundToken } from "../../../playwright.config.ts";
import { validApplication } from "../../../server/test/fixtures.ts";
import { expect } from "./page-health.ts";
import { memberAddress, signIn, teamOrigin } from "./team.ts";

// What comes to the e2e server from outside: applications, and replies as a mail provider posts them.

/** A name no other test (or earlier run) uses, to find a test's application or message. */
export const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A Message-ID no other message a test sends has. */
export const newMessageId = () =>
  `<${Date.now()}.${Math.random().toString(36).slice(2)}@example.org>`;

/** A plain-text email from a stranger to the team's address that matches no application. */
export function strayEmail(subject: string, body: string) {
  return [
    "From: Ana <ana@example.org>",
    "To: hello@reelsmith.example",
    `Subject: ${subject}`,
    `Message-ID: ${newMessageId()}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");
}

let applicants = 0;

/**
 * An application through the intake API; its id. Each from an address of its own: erasing one
 * applicant (every application of their address) must not erase another test's. Sent as the
 * questionnaire sends it, with an idempotency key, and sent again with the same key after a
 * 503 once its Retry-After has passed (at most 4 times): the e2e server shares its SQLite file
 * with the tests' own connections, and on a loaded host a write of theirs can outlast the
 * server's busy timeout, which the server answers with "try again", storing nothing.
 */
export async function submitApplication(
  request: APIRequestContext,
  overrides: Record<string, string> = {},
): Promise<string> {
  applicants += 1;
  const email = `applicant-${process.pid}-${Date.now().toString(36)}-${applicants}@example.com`;
  const key = crypto.randomUUID();
  const send = () =>
    request.post(`${teamOrigin}/functions/v1/send-onboarding-email`, {
      data: validApplication({ email, ...overrides }),
      headers: { "Idempotency-Key": key },
    });
  let answer = await send();
  for (let retry = 1; retry <= 4 && answer.status() === 503; retry++) {
    const seconds = Number(answer.headers()["retry-after"]);
    expect(seconds, "a 503 says when to try again").toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 5) * 1000));
    answer = await send();
  }
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

/**
 * How most of the team's tests begin: a member of the test's own (`memberAddress` of its title
 * and project) signed in on `page`, and an application named `uniqueName(label)`, with
 * `answers` of its own. The member's address, the application's name and its id.
 */
export async function memberWithApplication(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  label: string,
  answers: Record<string, string> = {},
) {
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, email);
  const name = uniqueName(label);
  const id = await submitApplication(request, { name, ...answers });
  return { email, name, id };
}

/**
 * Posts a raw message as a mail provider does (POST /team/inbound-email, with the token), from
 * a client of its own: a fresh connection, never one of the test's `request` kept from earlier
 * (Playwright reuses those past the server's Keep-Alive timeout, and the server has closed them
 * by then: ECONNRESET, microsoft/playwright#42698). The answer, 200 and `{ ok: true, matched }`.
 */
export async function postInbound(raw: string) {
  const provider = await playwrightRequest.newContext();
  try {
    const answer = await provider.post(`${teamOrigin}/team/inbound-email`, {
      headers: { Authorization: `Bearer ${inboundToken}`, "Content-Type": "message/rfc822" },
      data: Buffer.from(raw),
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { ok: boolean; matched: boolean };
  } finally {
    await provider.dispose();
  }
}
