import { expect, it } from "vitest";
import { unknownVisit } from "#app/shared/application-source.ts";
import type { Application } from "../db/schema.ts";
import { renderEmail, toPlainText } from "../mail/render-email.ts";
import { validApplication } from "../test/fixtures.ts";
import { teamNotificationEmail } from "./team-notification-email.ts";
import { webhookBody } from "./webhook.ts";

const application = (visit: Partial<Application>) =>
  ({
    ...(validApplication() as object),
    id: "9b570d9d-5998-422a-8cbf-f2987bb9ddd3",
    createdAt: Date.UTC(2026, 10, 25, 15),
    dueAt: Date.UTC(2026, 10, 26, 15),
    ...unknownVisit,
    ...visit,
  }) as Application;

const fromNewsletter = {
  visitSource: "newsletter",
  visitMedium: "email",
  visitCampaign: "spring",
  visitReferrer: "news.example",
  visitLandingPage: "/",
};

it("the webhook carries where the application came from (null when not known)", () => {
  const data = (body: string) => (JSON.parse(body) as { data: { source: unknown } }).data;
  expect(data(webhookBody(application(fromNewsletter))).source).toEqual({
    source: "newsletter",
    medium: "email",
    campaign: "spring",
    referrer: "news.example",
    landingPage: "/",
  });
  expect(data(webhookBody(application({}))).source).toBeNull();
});

it("the team email says the source: utm values, Direct, or Not known", () => {
  const text = (visit: Partial<Application>) =>
    toPlainText(renderEmail(teamNotificationEmail(application(visit))));
  expect(text(fromNewsletter)).toContain("Source: newsletter / email / spring");
  expect(
    text({ ...fromNewsletter, visitSource: "(direct)", visitMedium: "", visitCampaign: "" }),
  ).toContain("Source: Direct");
  expect(text({})).toContain("Source: Not known");
});
