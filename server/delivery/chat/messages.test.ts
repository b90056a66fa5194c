import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Application, Delivery } from "../../db/schema.ts";
import { pendingApplication } from "../../test/stored.ts";
import { discordMessage, discordPostUrl } from "./discord.ts";
import { applicationLink } from "./inbox-link.ts";
import { alertNotice, applicationNotice } from "./notice.ts";
import { slackMessage } from "./slack.ts";
import { teamsMessage } from "./teams.ts";

const zw = "\u200b";
// The owner as each format escapes it (what a member's name and address may hold is escaped too).
// Links and mentions are broken by a zero-width space, as in every value.
const slackOwner = `Ana Ruiz &lt;ana@${zw}studio.${zw}example&gt;`;
const discordOwner = `Ana Ruiz \\<ana\\@${zw}studio\\.${zw}example\\>`;
const discordDue = `24 Nov 2026\\, 09\\:${zw}30 UTC`;
const id = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";
const createdAt = Date.UTC(2026, 10, 23, 9, 30);

function application(row: Partial<Application> = {}): Application {
  return { ...(pendingApplication({ row: { id, createdAt, ...row } }).row as Application) };
}

const site = {
  siteUrl: "https://reelsmith.example",
  owner: { name: "Ana Ruiz", email: "ana@studio.example" },
};
/** The due time, "09:30" broken after the colon as every value that could read as a link. */
const due = `24 Nov 2026, 09:${zw}30 UTC`;
const link = `https://reelsmith.example/team/applications/${id}`;

describe("the announcement of an application", () => {
  it("Slack: fallback text of ours, a header, label/value rows, a button to the inbox", () => {
    expect(slackMessage(applicationNotice(application(), site))).toEqual({
      text: "New application: Influencer plan, TikTok, 10k-50k followers",
      blocks: [
        { type: "header", text: { type: "plain_text", text: "New application", emoji: false } },
        {
          type: "section",
          fields: [
            { type: "mrkdwn", text: "*Full Name*", verbatim: true },
            { type: "plain_text", text: "Maya Lopez", emoji: false },
            { type: "mrkdwn", text: "*Account Handle*", verbatim: true },
            { type: "plain_text", text: `@${zw}mayacooks`, emoji: false },
            { type: "mrkdwn", text: "*Selected Plan*", verbatim: true },
            { type: "plain_text", text: "Influencer", emoji: false },
            { type: "mrkdwn", text: "*Primary Platform*", verbatim: true },
            { type: "plain_text", text: "TikTok", emoji: false },
            { type: "mrkdwn", text: "*Current Audience Size*", verbatim: true },
            { type: "plain_text", text: "10k-50k followers", emoji: false },
          ],
        },
        {
          type: "section",
          fields: [
            { type: "mrkdwn", text: "*Owner*", verbatim: true },
            { type: "plain_text", text: slackOwner, emoji: false },
            { type: "mrkdwn", text: "*Answer by*", verbatim: true },
            { type: "plain_text", text: due, emoji: false },
            { type: "mrkdwn", text: "*Submission*", verbatim: true },
            { type: "plain_text", text: id, emoji: false },
          ],
        },
        {
          type: "actions",
          elements: [
            {
              type: "button",
              text: { type: "plain_text", text: "Open in the team inbox", emoji: false },
              url: link,
            },
          ],
        },
      ],
      unfurl_links: false,
      unfurl_media: false,
    });
  });

  it("Discord: content of ours, one embed linked to the inbox, no mention allowed", () => {
    expect(discordMessage(applicationNotice(application(), site))).toEqual({
      content: "New application\\: Influencer plan\\, TikTok\\, 10k\\-50k followers",
      embeds: [
        {
          title: "New application",
          url: link,
          color: 0x8b5cf6,
          fields: [
            { name: "Full Name", value: "Maya Lopez", inline: true },
            { name: "Account Handle", value: `\\@${zw}mayacooks`, inline: true },
            { name: "Selected Plan", value: "Influencer", inline: true },
            { name: "Primary Platform", value: "TikTok", inline: true },
            { name: "Current Audience Size", value: "10k\\-50k followers", inline: true },
            { name: "Owner", value: discordOwner, inline: true },
            { name: "Answer by", value: discordDue, inline: true },
            { name: "Submission", value: id.replaceAll("-", "\\-"), inline: true },
          ],
          timestamp: "2026-11-23T09:30:00.000Z",
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(discordPostUrl("https://discord.com/api/webhooks/1/abc?thread_id=9")).toBe(
      "https://discord.com/api/webhooks/1/abc?thread_id=9&wait=true",
    );
  });

  it("Teams: an Adaptive Card of TextRuns (never markdown) with a button to the inbox", async () => {
    // The message Teams is posted, as its Workflows webhook takes it (zero-width spaces: \u200b).
    const expected = await readFile(new URL("./teams-message.json", import.meta.url), "utf8");
    expect(teamsMessage(applicationNotice(application(), site))).toEqual(JSON.parse(expected));
  });

  it("links to the application's page in the team inbox", () => {
    expect(applicationLink("https://x.example/", id)).toBe(
      `https://x.example/team/applications/${id}`,
    );
    const notice = applicationNotice(application(), site);
    expect(notice.link?.url).toBe(`https://reelsmith.example/team/applications/${id}`);
  });

  it("keeps what the applicant typed out of every place a format reads markup", () => {
    const hostile = application({
      name: "<!channel> @everyone *Boss*\n> [Pay here](https://evil.example)",
      accountHandle: "<@U024BE7LH> victim@evil.example {{DATE(2017-02-14T06:08:39Z)}}",
    });
    const notice = applicationNotice(hostile, site);

    const slack = slackMessage(notice);
    const texts = slack.blocks.flatMap((block): { type: string; text: string }[] =>
      "fields" in block && block.fields
        ? block.fields
        : "text" in block && block.text
          ? [block.text]
          : [],
    );
    // Values only ever in plain_text; mrkdwn holds our labels, the top-level text our words.
    for (const text of texts.filter((t) => t.type === "mrkdwn")) {
      expect(text.text).toMatch(/^\*[A-Za-z ]+\*$/);
    }
    expect(slack.text).toBe("New application: Influencer plan, TikTok, 10k-50k followers");
    const slackJson = JSON.stringify(slack);
    expect(slackJson).not.toMatch(/<!|<@|<https?:|@everyone|https:\/\/evil|evil\.example/);
    expect(slackJson).toContain("&lt;!channel&gt;");

    const discord = discordMessage(notice);
    const name = discord.embeds[0]?.fields[0]?.value ?? "";
    expect(name).toBe(
      `\\<\\!channel\\> \\@${zw}everyone \\*Boss\\* \\> \\[Pay here\\]\\(https\\:${zw}\\/\\/evil\\.${zw}example\\)`,
    );
    expect(discord.allowed_mentions).toEqual({ parse: [] });

    const teams = JSON.stringify(teamsMessage(notice));
    expect(teams).not.toMatch(/@everyone|https:\/\/evil|\{\{DATE|\\n/);
  });
});

describe("the alert of a delivery that failed for good", () => {
  const alert = {
    id: "0f6b1c36-5d2e-8a4b-9c3d-2e1f0a9b8c7d",
    submissionId: id,
    kind: "alert_slack",
    status: "pending",
    attempts: 0,
    nextAttemptAt: createdAt,
    leaseOwner: null,
    leaseExpiresAt: null,
    lastError: null,
    skipReason: null,
    createdAt,
    updatedAt: createdAt,
    errorClass: null,
    alertFor: "11111111-2222-4333-8444-555555555555",
    alertForKind: "team_notification",
    alertForError: "smtp_auth",
  } satisfies Delivery;

  it("names the application, the delivery and the class of error, and how to retry", () => {
    const notice = alertNotice(alert, site);
    expect(notice.summary).toBe(`The team email of application ${id} failed for good (smtp_auth).`);
    expect(notice.facts).toEqual([
      { label: "Application", value: id },
      { label: "Delivery", value: "team email" },
      { label: "Error", value: "smtp_auth: the mail server refused the login" },
    ]);
    expect(notice.lines).toContain(
      `Once the cause is fixed, send it again: npm run submissions -- retry ${id}`,
    );
    expect(slackMessage(notice).text).toBe(notice.summary);
  });

  it("names an unknown class of error as other", () => {
    expect(alertNotice({ ...alert, alertForError: "<@U1>" }, site).facts[2]?.value).toBe(
      "other: an unexpected error",
    );
  });
});
