import { Html } from "@react-email/html";
import { Text } from "@react-email/text";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail, toPlainText } from "./render-email.ts";

describe("renderEmail", () => {
  const html = renderEmail(h(Html, null, h(Text, null, "Maya <script>alert(1)</script> Lopez")));

  it("writes the XHTML doctype, then the markup, with no renderer comments", () => {
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(
      true,
    );
    expect(html).toMatch(/^<!DOCTYPE[^>]*><html[ >]/);
    expect(html).not.toContain("<!--");
  });

  it("escapes the applicant's text", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("Maya &lt;script&gt;alert(1)&lt;/script&gt; Lopez");
  });

  it("converts to plain text with headings as written and links without brackets", () => {
    const text = toPlainText(
      '<h1>New application: Maya</h1><p><a href="mailto:maya@example.com">maya@example.com</a></p><img src="x.png" alt="logo">',
    );
    expect(text).toBe("New application: Maya\n\nmaya@example.com");
  });
});
