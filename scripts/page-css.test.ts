import { describe, expect, it } from "vitest";
import { stylesheetForPage, stylesheetForScripts } from "./page-css.ts";

const css = [
  ":root{--brand:#8b5cf6}",
  "@font-face{font-family:Inter;src:url(/inter.woff2)}",
  "h1,h2{margin:0}",
  "table{border-collapse:collapse}",
  ".used{color:red}",
  ".unused{color:blue}",
  ".used,.unused{padding:1px}",
  ".sm\\:used{@media (width>=40rem){color:green}}",
  ".hover\\:unused:hover{color:pink}",
  "[hidden]{display:none}",
  ":where(.unused) p{margin:2px}",
  "@keyframes spin{to{rotate:1turn}}",
].join("");
const html = '<html><body><h1 class="used sm:used">Hi</h1><p>Text</p></body></html>';
const kept = stylesheetForPage(css, html);

describe("stylesheetForPage", () => {
  it("drops rules whose every selector names a class or element the page lacks", () => {
    for (const gone of [".unused{color:#00f}", "pink", "table"]) expect(kept).not.toContain(gone);
  });

  it("keeps what the page uses, and everything that is not a class or element rule", () => {
    expect(kept).toContain("--brand");
    expect(kept).toContain("@font-face");
    expect(kept).toContain("@keyframes spin");
    expect(kept).toMatch(/h1,h2\{margin:0\}/);
    expect(kept).toContain(".used{color:red}");
    expect(kept).toContain("padding:1px");
    expect(kept).toContain("green");
    expect(kept).toContain("[hidden]");
    // What sits inside :where() is not judged: the rule stays.
    expect(kept).toContain("margin:2px");
  });

  it("leaves no empty block behind where every rule inside it went", () => {
    const wrapped = `${css}@supports (color:color-mix(in lab,red,red)){.unused{color:pink}}@media (width>=40rem){.unused{color:gray}}`;
    const cut = stylesheetForPage(wrapped, html);
    expect(cut).not.toMatch(/@supports|@media \(width>=40rem\)\{\}/);
    expect(cut).not.toContain("{}");
    // A block that still holds a rule stays.
    expect(stylesheetForPage(`@supports (display:grid){.used{display:grid}}`, html)).toContain(
      "@supports (display:grid){.used{display:grid}}",
    );
  });

  it("looks at the page's markup only, not at the stylesheet already inlined in it", () => {
    const inlined = `<style>.unused{color:blue}</style>${html}`;
    expect(stylesheetForPage(css, inlined)).not.toContain(".unused{color:#00f}");
  });
});

describe("stylesheetForScripts", () => {
  const scripts = [
    'jsx("h1",{className:"used sm:used"})',
    'const shown = `bg-white/5 ` + (open ? "sm:used" : "");',
  ];
  const cut = stylesheetForScripts(
    `${css}.bg-white\\/5{color:#fff}.never\\/5{color:#000}`,
    scripts,
  );

  it("keeps the rules of every class named anywhere in the scripts", () => {
    expect(cut).toContain(".used{color:red}");
    expect(cut).toContain("green");
    expect(cut).toContain(".bg-white\\/5{color:#fff}");
  });

  it("drops the rules of classes no script names", () => {
    for (const gone of [".unused{color:#00f}", "pink", "never"]) expect(cut).not.toContain(gone);
  });

  it("does not judge elements: scripts create them", () => {
    expect(cut).toContain("table{border-collapse:collapse}");
    expect(cut).toMatch(/h1,h2\{margin:0\}/);
    expect(cut).toContain("@keyframes spin");
  });
});
