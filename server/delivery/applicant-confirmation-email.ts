import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import { createElement as h, type ReactElement } from "react";
import { emails } from "#app/content/emails.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import type { Application } from "../db/schema.ts";
import { styles } from "../mail/email-styles.ts";

const copy = emails.confirmation;

/** The applicant's confirmation: thanks, the plan chosen, when we answer, how to reach us. */
export function applicantConfirmationEmail(
  application: Application,
  contactEmail: string,
): ReactElement {
  const plan = application.selectedPlan;
  const [beforeEmail, afterEmail = ""] = copy.contact.split("{email}");
  return h(
    Html,
    { lang: "en" },
    h(Head),
    h(Preview, null, fill(copy.received, { plan })),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Heading,
          { as: "h1", style: styles.heading },
          fill(copy.heading, { name: oneLine(application.name) }),
        ),
        h(Text, { style: styles.text }, fill(copy.received, { plan })),
        h(Text, { style: styles.text }, copy.next),
        h(
          Text,
          { style: styles.text },
          beforeEmail,
          h(Link, { href: `mailto:${contactEmail}` }, contactEmail),
          afterEmail,
        ),
        h(Text, { style: styles.text }, copy.signature),
      ),
    ),
  );
}
