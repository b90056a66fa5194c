import type { SendMailOptions } from "nodemailer";
import { site } from "#app/shared/site.ts";
import type { Config } from "../config.ts";
import { escapeHtml } from "./escape-html.ts";

const copy = site.team.email;
const fill = (text: string) => text.replaceAll("{brand}", site.brand.name);

/** The sign-in email: a link to the page with the "Sign in" button (it does not sign in itself). */
export function signInEmail(
  to: string,
  link: string,
  config: Pick<Config, "MAIL_FROM">,
): SendMailOptions {
  const lines = [fill(copy.body), "", link, "", copy.ignore];
  return {
    from: config.MAIL_FROM,
    to,
    subject: fill(copy.subject),
    text: `${lines.join("\n")}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#18181b">
<h1 style="font-size:20px">${escapeHtml(fill(copy.heading))}</h1>
<p>${escapeHtml(fill(copy.body))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:10px 20px;border-radius:999px;text-decoration:none">${escapeHtml(copy.button)}</a></p>
<p style="color:#52525b;font-size:13px">${escapeHtml(copy.ignore)}</p>
</body></html>`,
  };
}
