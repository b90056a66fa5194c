import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { fillForm, interceptIntake, openForm, submitButton, toast } from "./onboarding-page";

// The public pages the server renders carry the stylesheet cut to what their scripts can draw
// (scripts/build.ts, decision 0028). Each page, in each state a visitor can bring it to, must
// look exactly as it does with the whole stylesheet: every element's computed style, compared.

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const manifest = JSON.parse(readFileSync(path.join(buildDir, "prerendered.json"), "utf8"));
const wholeStylesheet = readFileSync(path.join(buildDir, "client", manifest.stylesheet), "utf8");

/**
 * Every element's computed style (and its ::before and ::after) with the page's inline
 * stylesheet, then with the whole one in its place: the properties that differ, by element.
 */
function differencesWithWholeStylesheet(page: Page) {
  return page.evaluate(async (whole) => {
    await document.fonts.ready;
    const style = document.getElementById("site-css");
    if (!style) throw new Error("no inline stylesheet (#site-css)");
    const snapshot = () => {
      // Style the whole page first: a value the swap changes may start a transition, and a
      // transition not finished would show the old value.
      document.documentElement.getBoundingClientRect();
      for (const animation of document.getAnimations()) animation.finish();
      return [...document.querySelectorAll("html, html *")].flatMap((element) =>
        [null, "::before", "::after"].map((pseudo) => {
          const computed = getComputedStyle(element, pseudo);
          return Object.fromEntries(
            [...computed].map((name) => [name, computed.getPropertyValue(name)]),
          );
        }),
      );
    };
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
    const cut = style.textContent ?? "";
    const before = snapshot();
    style.textContent = whole;
    const after = snapshot();
    style.textContent = cut;
    const elements = [...document.querySelectorAll("html, html *")];
    const found: string[] = [];
    before.forEach((styles, index) => {
      const where = `${nameOf(elements[Math.floor(index / 3)]!)}${["", "::before", "::after"][index % 3]}`;
      for (const [name, value] of Object.entries(styles)) {
        const other = after[index]![name];
        if (other !== value) found.push(`${where} ${name}: ${value} (whole: ${other})`);
      }
    });
    return { found, elements: elements.length, cutBytes: cut.length };
  }, wholeStylesheet);
}

async function expectSameAsWhole(page: Page) {
  const { found, elements, cutBytes } = await differencesWithWholeStylesheet(page);
  expect(elements).toBeGreaterThan(20);
  // The cut is real: smaller than the whole stylesheet.
  expect(cutBytes).toBeLessThan(wholeStylesheet.trim().length * 0.8);
  expect(found.slice(0, 20)).toEqual([]);
}

test("the questionnaire, as it opens", async ({ page }) => {
  await openForm(page);
  await expectSameAsWhole(page);
});

test("the questionnaire with every field's message, sent empty", async ({ page }) => {
  await openForm(page);
  await submitButton(page).click();
  await expect(page.getByText("Please enter a valid email")).toBeVisible();
  await expectSameAsWhole(page);
});

test("/thank-you drawn by the app after the questionnaire is sent", async ({ page }) => {
  await interceptIntake(page);
  await openForm(page);
  await fillForm(page);
  await submitButton(page).click();
  await expect(page).toHaveURL("/thank-you");
  await expect(toast(page, "Success!")).toBeVisible();
  await expectSameAsWhole(page);
});

test("the 404 page", async ({ page }) => {
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expectSameAsWhole(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the questionnaire with the server's messages", async ({ page }) => {
    await page.goto("/onboarding");
    await submitButton(page).click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expectSameAsWhole(page);
  });
});
