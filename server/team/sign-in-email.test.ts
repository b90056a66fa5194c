import { describe, expect, it } from "vitest";
import { emails } from "#app/content/emails.ts";
import { signInEmail } from "./sign-in-email.ts";

const link = "https://team.example/team/sign-in/link?token=abc123";
const mail = signInEmail("member@team.example", link, {
  MAIL_FROM: "Team <no-reply@team.example>",
});

describe("the sign-in email", () => {
  it("goes to the member from MAIL_FROM, with the brand's subject", () => {
    expect(mail).toMatchObject({
      from: "Team <no-reply@team.example>",
      to: "member@team.example",
      subject: emails.signIn.subject,
    });
  });

  it("is React Email markup: the heading, the words, the link as a button", () => {
    const html = String(mail.html);
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional/);
    expect(html).toContain(`>${emails.signIn.heading}</h1>`);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain(`>${emails.signIn.button}</a>`);
  });

  it("has a plain-text part with the whole link, as the HTML says it", () => {
    expect(mail.text).toBe(
      [
        emails.signIn.heading,
        emails.signIn.body,
        `${emails.signIn.button} ${link}`,
        emails.signIn.ignore,
      ].join("\n\n"),
    );
  });

  it("escapes what it is given: a link cannot leave its attribute", () => {
    const hostile = signInEmail("m@team.example", 'https://x.example/?a="><script>x</script>', {
      MAIL_FROM: "",
    });
    expect(String(hostile.html)).not.toContain("<script>");
    expect(String(hostile.html)).toContain("&quot;&gt;&lt;script&gt;");
  });
});
