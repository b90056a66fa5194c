import { describe, expect, it } from "vitest";
import { pendingSubmission } from "../test/stored.ts";
import { renderEmail, toPlainText } from "./render-email.ts";
import { teamNotificationEmail } from "./team-notification-email.ts";

describe("renderEmail", () => {
  const submission = {
    ...pendingSubmission().row,
    name: "Maya <script>alert(1)</script> Lopez",
  } as Parameters<typeof teamNotificationEmail>[0];
  const html = renderEmail(teamNotificationEmail(submission));

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
