import { questionnaire } from "../../app/content/questionnaire.ts";
import { formattingCharactersMessage } from "../../app/shared/schema.ts";
import { expect, test } from "./helpers/page-health.ts";
import { fillForm, send, submitButton } from "./onboarding-page.ts";

// What the server does with bodies before anything parses them, as a browser and a script see
// it: the questionnaire's action takes 64 KiB of urlencoded form; more gets the page again
// with its own message (413); other encodings 415; other methods and pages 405.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("answers over 64 KiB: 413, the questionnaire again with what to do", async ({
    page,
    health,
  }) => {
    health.allow(/status of 413/);
    await page.goto("/onboarding");
    await fillForm(page, { "Your Goals": "Grow my channel. ".repeat(4200) }); // ~70 KB
    const response = await send(page);
    expect(response.status()).toBe(413);
    await expect(page.getByRole("alert")).toHaveText(questionnaire.errors.tooLarge);
    await expect(page.getByRole("heading", { name: questionnaire.title })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });

  test("text-direction and zero-width marks: refused, with a message beneath the field", async ({
    page,
    health,
  }) => {
    health.allow(/status of 400/);
    await page.goto("/onboarding");
    await fillForm(page, { "Full Name": "Maya \u202eLopez", "Content Niche": "Reci\u200bpes" });
    await submitButton(page).click();
    await expect(page.locator("#field-name-error")).toHaveText(formattingCharactersMessage);
    await expect(page.locator("#field-contentNiche-error")).toHaveText(formattingCharactersMessage);
  });
});

test.describe("bodies a script sends", () => {
  test.skip(({ isMobile }) => isMobile, "no browser involved: the desktop project only");

  test("multipart on the form's action: 415, the page with its message", async ({ request }) => {
    const response = await request.post("/onboarding", { multipart: { name: "Maya" } });
    expect(response.status()).toBe(415);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await response.text()).toContain(questionnaire.errors.notAForm);
  });

  test("React Router's data request is bounded alike: 413 over 64 KiB", async ({ request }) => {
    const response = await request.post("/onboarding.data", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `goals=${"x".repeat(70_000)}`,
    });
    expect(response.status()).toBe(413);
  });

  for (const [method, path] of [
    ["POST", "/"],
    ["POST", "/thank-you"],
    ["PUT", "/onboarding"],
    ["DELETE", "/onboarding"],
  ] as const) {
    test(`${method} ${path}: 405 with Allow, the body unread`, async ({ request }) => {
      const response = await request.fetch(path, {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        data: "a=1",
      });
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe(
        path === "/onboarding" ? "GET, HEAD, POST" : "GET, HEAD",
      );
    });
  }
});
