import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { SendMailOptions } from "nodemailer";
import { createElement as h } from "react";
import { styles } from "./email-styles.ts";
import { renderEmail, toPlainText } from "./render-email.ts";

/** The words of an email whose point is one link (app/content: a sign-in, an invite). */
export interface LinkEmailCopy {
  subject: string;
  heading: string;
  body: string;
  button: string;
  /** The line under the button: what to do if it was not you. */
  ignore: string;
}

/**
 * An email that says what it is and carries one link as a button (React escapes it as an
 * attribute), in HTML and the same as plain text: the team's sign-in link, the portal's invite
 * and sign-in links. The link opens a page with a button; the email itself signs no one in.
 */
export function linkEmail(
  copy: LinkEmailCopy,
  message: { from: string; to: string; link: string },
): SendMailOptions {
  const html = renderEmail(
    h(
      Html,
      { lang: "en" },
      h(Head),
      h(Preview, null, copy.body),
      h(
        Body,
        { style: styles.body },
        h(
          Container,
          { style: styles.container },
          h(Heading, { as: "h1", style: styles.heading }, copy.heading),
          h(Text, { style: styles.text }, copy.body),
          h(
            Section,
            { style: styles.action },
            h(Link, { href: message.link, style: styles.button }, copy.button),
          ),
          h(Text, { style: styles.meta }, copy.ignore),
        ),
      ),
    ),
  );
  const { from, to } = message;
  return { from, to, subject: copy.subject, html, text: toPlainText(html) };
}
