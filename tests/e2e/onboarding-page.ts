import type { Page, Request } from "@playwright/test";
import { beaconPath } from "../../app/shared/paths.ts";
import { test } from "./helpers/page-health.ts";

/** Shared by the questionnaire's e2e specs: answers, filling, the intercepted endpoint. */

export const intakeUrl = "**/functions/v1/send-onboarding-email";

/** A complete, valid set of answers: text as typed, selects by their visible labels. */
export const answers = {
  text: {
    "Full Name": "Maya Lopez",
    "Email Address": "maya@example.com",
    "Account Handle": "@mayacooks",
    "Content Niche": "Quick weeknight recipes",
    "Your Goals": "Reach 100k followers by summer",
    "Current Challenges": "No time to edit my videos",
    "Brand Style & Preferences (Optional)": "Warm colours, no jump cuts",
  },
  select: {
    "Account Type": "Business/Company",
    "Primary Platform": "Twitter/X",
    "Current Audience Size": "500k+ followers",
  },
} as const;

/** The JSON those answers must produce (option codes, not labels). */
export function expectedBody(selectedPlan: string) {
  return {
    name: "Maya Lopez",
    email: "maya@example.com",
    accountHandle: "@mayacooks",
    accountType: "business",
    primaryPlatform: "twitter",
    audienceSize: "500k+",
    contentNiche: "Quick weeknight recipes",
    goals: "Reach 100k followers by summer",
    currentChallenges: "No time to edit my videos",
    brandStyle: "Warm colours, no jump cuts",
    selectedPlan,
  };
}

/** The nine messages of an empty form (docs/product.md). */
export const emptyFormMessages = [
  "Name must be at least 2 characters",
  "Please enter a valid email",
  "Account handle is required",
  "Please select an account type",
  "Please select your primary platform",
  "Please select your audience size",
  "Please describe your content niche",
  "Please describe your goals (at least 10 characters)",
  "Please describe your challenges (at least 10 characters)",
];

export async function fillForm(
  page: Page,
  overrides: Partial<Record<keyof typeof answers.text, string>> = {},
) {
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
