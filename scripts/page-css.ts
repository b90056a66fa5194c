import { type Selector, transform } from "lightningcss";

/**
 * The site's stylesheet cut to what one static page can use: a rule goes when every one of its
 * selectors names a class or an element the page does not have. Only for pages that ship no
 * JavaScript (nothing adds a class or an element later): the prerendered `/` and `/thank-you`.
 * Everything else stays as Tailwind wrote it (variables, @property, @font-face, keyframes,
 * pseudo-classes, attribute selectors), so nothing the page shows can change.
 *
 * Why: `/` must fit, headers included, in the first round trip of a new connection (14,600 B,
 * ten TCP segments); the stylesheet is half of it, and rules for the questionnaire's fields
 * were a tenth of that (docs/decisions/0024).
 */
export function stylesheetForPage(css: string, html: string): string {
  const body = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
  const classes = new Set<string>();
  for (const [, value] of body.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  }
  const elements = new Set(
    [...body.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map(([, tag]) => tag!.toLowerCase()),
  );
  // Only the selector's own compound parts count; what sits inside :where()/:not() is kept.
  const cannotMatch = (selector: Selector) =>
    selector.some(
      (part) =>
        (part.type === "class" && !classes.has(part.name)) ||
        (part.type === "type" && !elements.has(part.name.toLowerCase())),
    );
  return withoutRules(css, cannotMatch);
}

/**
 * The site's stylesheet cut to what a page's JavaScript can draw: a rule goes when every one of
 * its selectors names a class that appears nowhere in the scripts' text (the rendered markup
 * plus every module the page can load). Tailwind finds its classes the same way, as whole
 * strings in the source, so a class the scripts can set is in their text. Elements are not
 * judged: scripts create them by name in many ways.
 */
export function stylesheetForScripts(css: string, scripts: string[]): string {
  const text = scripts.join("\n");
  const cannotMatch = (selector: Selector) =>
    selector.some((part) => part.type === "class" && !text.includes(part.name));
  return withoutRules(css, cannotMatch);
}

/**
 * The stylesheet, minified, without the style rules whose every selector cannot match, and
 * without the `@supports` and `@media` blocks that held nothing else: the visitor empties them
 * but cannot drop them, and a second minify pass does (Tailwind's color-mix fallbacks left 25
 * empty `@supports` blocks, 1.3 KB, in `/`).
 */
function withoutRules(css: string, cannotMatch: (selector: Selector) => boolean): string {
  const cut = transform({
    filename: "page.css",
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        // Returning nothing keeps the rule as it was; an empty list removes it.
        style: (rule) => (rule.value.selectors.every(cannotMatch) ? [] : undefined),
      },
    },
  });
  return transform({ filename: "page.css", code: cut.code, minify: true }).code.toString();
}
