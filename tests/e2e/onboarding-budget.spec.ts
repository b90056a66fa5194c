import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { assetsManifest, closure, modulesOf } from "../../scripts/route-modules.ts";
import { expectedBody, fillForm, interceptIntake, openForm, submitButton } from "./onboarding-page";

// Build-output budgets of the questionnaire (deterministic bytes, not timings):
// - all the JavaScript /onboarding can load (entry, root, route, every chunk they import, statically
//   or lazily, and the route manifest) weighs at most 150 KB gzip;
// - `/` refers to none of the questionnaire's code.

const budgetBytes = 150 * 1000;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

function gzipBytes(url: string): number {
  const file = path.join(clientDir, `${url}.gz`);
  expect(existsSync(file), `${file} (precompressed by the build)`).toBe(true);
  return statSync(file).size;
}

async function onboardingScripts() {
  const assets = await assetsManifest(buildDir);
  expect(assets.routes["routes/onboarding"], "routes/onboarding in the build").toBeTruthy();
  const files = new Set([assets.url, ...modulesOf(clientDir, assets, ["routes/onboarding"])]);
  return { assets, files };
}

test.describe("build output", () => {
  test(`/onboarding loads at most ${budgetBytes / 1000} KB of JavaScript (gzip)`, async () => {
    const { files } = await onboardingScripts();
    const sizes = [...files].map((url) => ({ url, gzip: gzipBytes(url) }));
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    const report = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `${(file.gzip / 1000).toFixed(2).padStart(7)} KB  ${file.url}`)
      .join("\n");
    console.log(`/onboarding JavaScript, gzip:\n${report}\n${(total / 1000).toFixed(2)} KB in all`);
    test.info().annotations.push({ type: "onboarding-js-gzip", description: `${total} bytes` });
    expect(total).toBeLessThanOrEqual(budgetBytes);
  });

  test("the browser loads no script beyond those counted, even when sending", async ({ page }) => {
    const { files } = await onboardingScripts();
    const loaded = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith(".js")) loaded.add(url.pathname);
    });
    const requests = await interceptIntake(page);
    await openForm(page);
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    expect(requests[0]!.postDataJSON()).toEqual(expectedBody("Creator"));
    const onboardingLoaded = [...loaded].filter((url) => !url.includes("thank-you"));
    expect(onboardingLoaded.length).toBeGreaterThan(3);
    for (const url of onboardingLoaded) expect(files, url).toContain(url);
  });

  test("/ refers to none of the questionnaire's code", async () => {
    const { assets, files } = await onboardingScripts();
    const html = readFileSync(path.join(clientDir, "index.html"), "utf8");
    const route = assets.routes["routes/onboarding"]!;
    // Chunks /onboarding loads that other pages do not need: the route and what only it imports.
    const others = closure(
      clientDir,
      Object.entries(assets.routes)
        .filter(([id]) => id !== "routes/onboarding")
        .flatMap(([, r]) => [r.module, ...(r.imports ?? [])]),
    );
    const own = [...files].filter((url) => !others.has(url) && url !== assets.url);
    expect(own).toContain(route.module);
    for (const url of own) expect(html, url).not.toContain(url);
    const referenced = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url);
    for (const url of referenced) expect(own, url).not.toContain(url);
  });
});
