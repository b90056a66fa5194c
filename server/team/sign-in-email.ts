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
import { createElement as h, type ReactElement } from "react";
import { emails } from "#app/content/emails.ts";
import type { Config } from "../config.ts";
import { styles } from "../mail/email-styles.ts";
import { renderEmail, toPlainText } from "../mail/render-email.ts";

const copy = emails.signIn;

/** The body: what the email says, and the link as a button (React escapes it as an attribute). */
function signInEmailElement(link: string): ReactElement {
  return h(
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
          h(Link, { href: link, style: styles.button }, copy.button),
        ),
        h(Text, { style: styles.meta }, copy.ignore),
      ),
    ),
  );
}

/** The sign-in email: a link to the page with the "Sign in" button (it does not sign in itself). */
export function signInEmail(
  to: string,
  link: string,
  config: Pick<Config, "MAIL_FROM">,
): SendMailOptions {
  const html = renderEmail(signInEmailElement(link));
  return { from: config.MAIL_FROM, to, subject: copy.subject, html, text: toPlainText(html) };
}
