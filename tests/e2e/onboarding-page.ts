import type { Page, Request } from "@playwright/test";
import { questionCopies } from "../../app/content/questionnaire.ts";
import {
  exampleAnswers,
  type FieldName,
  fields,
  fieldsByName,
  optionLabel,
} from "../../app/shared/fields.ts";
import { beaconPath } from "../../app/shared/paths.ts";
import { test } from "./helpers/page-health.ts";

/** Shared by the questionnaire's e2e specs: answers, filling, the intercepted endpoint. */

export const intakeUrl = "**/functions/v1/send-onboarding-email";

const questions = fields.filter((field) => field.control.kind !== "plan");
const labelOf = (name: string) => questionCopies.find((copy) => copy.name === name)?.label ?? name;

/**
 * A complete, valid set of answers, every question's example (app/shared/fields.ts): text as
 * typed, selects by their visible labels, each by the label the form shows.
 */
export const answers: { text: Record<string, string>; select: Record<string, string> } = {
  text: Object.fromEntries(
    questions.flatMap((field) =>
      "options" in field ? [] : [[labelOf(field.name), field.example]],
    ),
  ),
  select: Object.fromEntries(
    questions.flatMap((field) =>
      "options" in field ? [[labelOf(field.name), optionLabel(field.name, field.example)]] : [],
    ),
  ),
};

/** The questions in the form's order: name, label, and what typing it takes (keyboard). */
export const questionsInOrder = questions.map((field) => ({
  name: field.name,
  label: labelOf(field.name),
  typed: "options" in field ? optionLabel(field.name, field.example) : field.example,
}));

/** The JSON those answers must produce (option codes, not labels). */
export function expectedBody(selectedPlan: string): Record<string, string> {
  return { ...exampleAnswers(), selectedPlan };
}

/** The messages of an empty form, in the form's order: each required question's (docs/product.md). */
export const emptyFormMessages = questionCopies.flatMap((copy) =>
  "optional" in fieldsByName[copy.name as FieldName] || !copy.message ? [] : [copy.message],
);

export async function fillForm(page: Page, overrides: Record<string, string> = {}) {
  for (const [label, value] of Object.entries({ ...answers.text, ...overrides })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  for (const [label, option] of Object.entries(answers.select)) {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
}

/** Hydrated, mount effects run: React Router's <ScrollRestoration> switched to manual. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/**
 * Opens the questionnaire and waits for React to take over the form. A click before that
 * posts the form natively (the no-JavaScript path), which is right for a visitor but not
 * what a test of the scripted form means to check.
 */
export async function openForm(page: Page, url = "/onboarding") {
  await page.goto(url);
  await hydrated(page);
}

export function submitButton(page: Page) {
  return page.getByRole("button", { name: /Start My Growth Journey|Processing\.\.\./ });
}

/**
 * Sends the form and returns the answer to its POST (the intake endpoint with JavaScript, the
 * page's action without), never a beacon's: a question started says so in a POST of its own,
 * which may leave the page as the form is sent.
 */
export async function send(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname !== beaconPath,
    ),
    submitButton(page).click(),
  ]);
  return response;
}

export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/**
 * Intercepts the intake endpoint: every request is recorded, then answered by `answer`
 * (by default 200 `{"ok":true}`).
 */
export async function interceptIntake(
  page: Page,
  answer: (route: Parameters<Parameters<Page["route"]>[1]>[0]) => Promise<void> = (route) =>
    route.fulfill({ status: 200, json: { ok: true, id: "00000000-0000-4000-8000-000000000000" } }),
) {
  const requests: Request[] = [];
  await page.route(intakeUrl, async (route) => {
    requests.push(route.request());
    await answer(route);
  });
  return requests;
}

/**
 * The questionnaire's behaviour (the plan, the rules, sending, the draft) is the same script at
 * every width: it runs once, at the phone's, where visitors fill it in. What a width can change
 * (the page, the first messages and focus, axe, the keyboard, the page without scripts) runs
 * at both. Call inside a describe.
 */
export function phoneOnly(): void {
  test.skip(({ isMobile }) => !isMobile, "the same script at every width: 390 px only");
}

/** The pages' fixture: a test fails on any console error or CSP violation it did not allow. */
export { expect, test } from "./helpers/page-health.ts";
