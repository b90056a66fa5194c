import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The public pages the server renders carry a stylesheet cut to what their scripts can draw,
// and `/` is not part of it (scripts/build.ts, decision 0028). That holds while the app never
// draws `/` itself: every way to it is a plain link, a document navigation. This test reads
// the app's code for client-side navigations (navigate, redirect, <Link>, <NavLink>) and
// checks none goes to `/`.

const appDir = import.meta.dirname;
const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, code: readFileSync(path.join(appDir, file), "utf8") }));

/** Where each client-side navigation in the app goes, as written in the code. */
function navigationTargets() {
  const targets: { file: string; target: string }[] = [];
  const patterns = [
    /\b(?:navigate|redirect|redirectDocument)\(\s*([^,)]+)/g,
    /<(?:Link|NavLink|Navigate)\b[^>]*?\bto=\{?\s*([^}\s>]+)/g,
  ];
  for (const { file, code } of sources) {
    for (const pattern of patterns) {
      for (const [, target] of code.matchAll(pattern))
        targets.push({ file, target: target!.trim() });
    }
  }
  return targets;
}

const home = /^(?:paths\.home|["'`]\/(?:[?#][^"'`]*)?["'`])$/;

describe("the app never navigates to / itself", () => {
  const targets = navigationTargets();

  it("finds the app's navigations (the questionnaire's, the team's redirects)", () => {
    expect(targets).toContainEqual({
      file: "onboarding/onboarding-form.tsx",
      target: "paths.thankYou",
    });
    expect(targets.filter(({ file }) => file.startsWith("routes/team")).length).toBeGreaterThan(3);
  });

  it("none of them goes to /", () => {
    expect(targets.filter(({ target }) => home.test(target))).toEqual([]);
  });

  it("the pattern knows the ways to write /", () => {
    for (const written of ["paths.home", '"/"', "'/'", "`/`", '"/#pricing"']) {
      expect(home.test(written), written).toBe(true);
    }
    expect(home.test('"/onboarding"')).toBe(false);
  });
});
