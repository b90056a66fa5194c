import { test } from "./page-health.ts";

/**
 * The tests that `define` declares, twice: in "JavaScript on" with scripts, and in
 * "JavaScript off" without (every form posts to its route action either way). `define` is told
 * which, for the steps that differ.
 */
export function withAndWithoutJavaScript(define: (javaScriptEnabled: boolean) => void): void {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });
      define(javaScriptEnabled);
    });
  }
}

/**
 * A team flow runs at 1440 px with scripts on and off, and at 390 px with scripts on: a member on
 * a phone works with scripts. The one combination left out, a phone without scripts, is the
 * server's same markup and actions that the 1440 px run without scripts walks and checks with
 * axe, laid out at the phone's width. Call inside the flow's describe.
 */
export function phoneWithScriptsOnly(javaScriptEnabled: boolean): void {
  test.skip(({ isMobile }) => isMobile && !javaScriptEnabled, "without scripts: 1440 px only");
}
