import { describe, expect, it } from "vitest";
import { pageParts } from "./parts.ts";

const page =
  '<!doctype html><html><head><style>h1{color:red}</style></head><body class="b">' +
  '<header><nav><a href="#top">Home</a></nav></header><main>' +
  '<section id="top"><h1>Hero</h1><section class="inner">Inside</section><p>After</p></section>' +
  '<section id="services"><h2>Services</h2></section></main><footer>Foot</footer></body></html>';

describe("pageParts", () => {
  const [head, header, hero] = pageParts(page);

  it("keeps the head, with the body's own tag, over one heading", () => {
    expect(head?.html).toBe(
      '<!doctype html><html><head><style>h1{color:red}</style></head><body class="b">' +
        "<main><h1>Hello there</h1></main></body></html>",
    );
  });

  it("adds the header and nothing of the main", () => {
    expect(header?.html).toContain(
      '<header><nav><a href="#top">Home</a></nav></header><main><h1>Hello there</h1>',
    );
    expect(header?.html).not.toContain("Hero");
  });

  it("cuts after the hero's own closing tag, sections inside it included", () => {
    expect(hero?.html).toContain("<p>After</p></section></main></body></html>");
    expect(hero?.html).not.toContain("Services");
    expect(hero?.html).not.toContain("Foot");
  });

  it("says what is missing rather than cutting a page it does not know", () => {
    expect(() => pageParts("<html><body><p>No header</p></body></html>")).toThrow(/no <header/);
    expect(() => pageParts("<html><p>No body</p></html>")).toThrow(/no <body/);
    expect(() => pageParts(page.replace(/<\/section>/g, ""))).toThrow(/never closes/);
  });
});
