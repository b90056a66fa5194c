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
