import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h, type ReactElement } from "react";
import { emails } from "#app/content/emails.ts";
import { applicationSource, sourceSummary } from "#app/shared/application-source.ts";
import { utcText } from "#app/shared/response-clock.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import { labelledAnswers } from "../answers/labelled-answers.ts";
import type { Owner } from "../db/deliveries/claims.ts";
import type { Application } from "../db/schema.ts";
import { lines, styles } from "../mail/email-styles.ts";

const copy = emails.team;

/**
 * The team's notification: every answer under the form's label. User text is only ever a
 * React child, so React escapes it; line breaks in long answers are kept.
 */
export function teamNotificationEmail(
  application: Application,
  owner: Pick<Owner, "name" | "email"> | null = null,
): ReactElement {
  const answers = labelledAnswers(application);
  return h(
    Html,
    { lang: "en" },
    h(Head),
    h(
      Preview,
      null,
      fill(copy.subject, { name: oneLine(application.name), plan: application.selectedPlan }),
    ),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: "h1", style: styles.heading }, copy.heading),
        h(Text, { style: styles.text }, fill(copy.intro, { name: oneLine(application.name) })),
        h(Hr, { style: styles.rule }),
        ...answers.map((answer) =>
          h(
            Section,
            { key: answer.field, style: styles.answer },
            h(Text, { style: styles.label }, `${answer.label}:`),
            h(Text, { style: styles.value }, ...lines(answer.value || copy.notProvided)),
          ),
        ),
        h(Hr, { style: styles.rule }),
        h(
          Text,
          { style: styles.meta },
          `${copy.receivedLabel}: ${new Date(application.createdAt).toISOString()}`,
          h("br"),
          `${copy.ownerLabel}: ${owner ? `${owner.name} <${owner.email}>` : copy.unassigned}`,
          h("br"),
          ...(application.dueAt === null
            ? []
            : [`${copy.dueLabel}: ${utcText(Number(application.dueAt))}`, h("br", { key: "due" })]),
          `${copy.sourceLabel}: ${sourceSummary(applicationSource(application), copy.sourceWords)}`,
          h("br"),
          `${copy.idLabel}: ${application.id}`,
        ),
      ),
    ),
  );
}
