import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { describeEachBackend, type StorageBackend } from "../../test/backends.ts";
import {
  type ChatReceiver,
  startDiscordReceiver,
  startSlackReceiver,
  startTeamsReceiver,
} from "../../test/chat-receivers.ts";
import { validApplication } from "../../test/fixtures.ts";
import { serverOn } from "../../test/server.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { sentOnArrival } from "../../test/stored.ts";
import { waitFor } from "../../test/wait.ts";

const zw = "\u200b";

/** The requests a receiver got that concern application `id` (Discord escapes its hyphens). */
const about = (receiver: ChatReceiver, id: string) =>
  receiver.received.filter((request) => request.body.replaceAll("\\", "").includes(id));

const deliveriesOf = async (database: DatabaseHandle, id: string) =>
  sentOnArrival(
    await database.db
      .selectFrom("deliveries")
      .selectAll()
      .where("submissionId", "=", id)
      .orderBy("kind")
      .execute(),
  );

describeEachBackend("chat notifications on $name", (backend) => {
  let sink: SmtpSink;
  let slack: ChatReceiver;
  let discord: ChatReceiver;
  let teams: ChatReceiver;
  beforeAll(async () => {
    [sink, slack, discord, teams] = await Promise.all([
      startSmtpSink(),
      startSlackReceiver(),
      startDiscordReceiver(),
      startTeamsReceiver(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sink, slack, discord, teams].map((part) => part?.stop()));
  });

  async function chatServerOn(b: StorageBackend, env: Record<string, string> = {}) {
    const started = await serverOn(b, {
      SMTP_URL: sink.url,
      SLACK_WEBHOOK_URL: slack.url,
      DISCORD_WEBHOOK_URL: discord.url,
      TEAMS_WEBHOOK_URL: teams.url,
      ALERT_EMAIL: "ops@studio.example",
      ...env,
    });
    // Runs before serverOn's cleanup: onTestFinished hooks run in reverse order.
    onTestFinished(() => {
      slack.accept();
      discord.accept();
    });
    return started;
  }

  async function submit(server: Awaited<ReturnType<typeof serverOn>>["server"], body: unknown) {
    const response = await server.submit(body);
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  it("announces each application once in Slack, Discord and Teams", async () => {
    const { server, database } = await chatServerOn(backend);
    const id = await submit(server, validApplication({ name: "Maya <!channel> Lopez" }));
    await waitFor(
      () => [slack, discord, teams].every((receiver) => about(receiver, id).length === 1),
      { what: "one message in each channel" },
    );

    const [toSlack] = about(slack, id);
    expect(toSlack?.status).toBe(200);
    expect(toSlack?.headers["content-type"]).toBe("application/json; charset=utf-8");
    const slackBody = toSlack?.json as { text: string; blocks: { fields?: unknown[] }[] };
    expect(slackBody.text).toBe("New application: Influencer plan, TikTok, 10k-50k followers");
    expect(slackBody.blocks[1]?.fields?.slice(0, 2)).toEqual([
      { type: "mrkdwn", text: "*Full Name*", verbatim: true },
      { type: "plain_text", text: "Maya &lt;!channel&gt; Lopez", emoji: false },
    ]);

    const [toDiscord] = about(discord, id);
    expect(toDiscord?.query.get("wait")).toBe("true");
    expect(toDiscord?.status).toBe(200);
    const discordBody = toDiscord?.json as {
      allowed_mentions: unknown;
      embeds: { fields: { name: string; value: string }[] }[];
    };
    expect(discordBody.allowed_mentions).toEqual({ parse: [] });
    expect(discordBody.embeds[0]?.fields[0]).toEqual({
      name: "Full Name",
      value: "Maya \\<\\!channel\\> Lopez",
      inline: true,
    });
    expect(discordBody.embeds[0]?.fields[1]?.value).toBe(`\\@${zw}mayacooks`);

    const [toTeams] = about(teams, id);
    expect(toTeams?.status).toBe(202);
    const teamsBody = toTeams?.json as { attachments: { content: { body: unknown[] } }[] };
    const card = teamsBody.attachments[0]?.content;
    expect(card?.body[1]).toEqual({
      type: "RichTextBlock",
      inlines: [
        { type: "TextRun", text: "Full Name: ", weight: "Bolder" },
        { type: "TextRun", text: "Maya <!channel> Lopez" },
      ],
    });

    const rows = await waitFor(async () => {
      const all = await deliveriesOf(database, id);
      return all.every((row) => row.status === "done") && all;
    });
    expect(rows.map((row) => [row.kind, row.attempts])).toEqual([
      ["applicant_confirmation", 1],
      ["discord", 1],
      ["slack", 1],
      ["team_notification", 1],
      ["teams", 1],
    ]);
    await server.stop(); // the deliveries in hand are finished: a second post would be in
    for (const receiver of [slack, discord, teams]) expect(about(receiver, id)).toHaveLength(1);
  });

  it("retries a channel that fails, and only that one", async () => {
    const { server, database } = await chatServerOn(backend);
    slack.refuse({ status: 500, body: "rollup_error" });
    const id = await submit(server, validApplication());
    await waitFor(() => about(slack, id).length >= 2, { what: "a retried Slack message" });
    slack.accept();
    const row = await waitFor(async () => {
      const found = (await deliveriesOf(database, id)).find((r) => r.kind === "slack");
      return found?.status === "done" && found;
    });
    expect(row.attempts).toBeGreaterThanOrEqual(3);
    expect(about(slack, id).filter((request) => request.status === 200)).toHaveLength(1);
    expect(about(discord, id)).toHaveLength(1);
    expect(about(teams, id)).toHaveLength(1);
  });

  it("takes Discord's 4xx as final: failed at once, and the alert arrives by email", async () => {
    const { server, database } = await chatServerOn(backend);
    discord.refuse({
      status: 400,
      type: "application/json",
      body: JSON.stringify({ message: "Invalid Form Body", code: 50035, errors: {} }),
    });
    const id = await submit(server, validApplication());
    const failed = await waitFor(async () => {
      const found = (await deliveriesOf(database, id)).find((r) => r.kind === "discord");
      return found?.status === "failed" && found;
    });
    expect(failed).toMatchObject({
      attempts: 1,
      errorClass: "http_4xx",
      lastError: "Discord answered 400 (Invalid Form Body 50035)",
    });
    const alert = await waitFor(() => sink.messages.find((m) => m.mail.subject?.includes(id)), {
      what: "the alert email",
    });
    expect(alert.envelope.to).toEqual(["ops@studio.example"]);
    expect(alert.mail.subject).toBe(
      `Delivery failed for good: Discord message of application ${id}`,
    );
    expect(alert.mail.text).toContain("http_4xx: the receiver refused the request (4xx)");
    expect(alert.mail.text).toContain(`npm run submissions -- retry ${id}`);
    // The alerts went to Slack and Teams too; Discord's own alert was refused like the rest.
    await waitFor(() => about(slack, id).length === 2 && about(teams, id).length === 2);
    const rows = await waitFor(async () => {
      const all = await deliveriesOf(database, id);
      return all.every((row) => row.status !== "pending") && all;
    });
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["alert_discord", "failed"],
      ["alert_email", "done"],
      ["alert_slack", "done"],
      ["alert_teams", "done"],
      ["applicant_confirmation", "done"],
      ["discord", "failed"],
      ["slack", "done"],
      ["team_notification", "done"],
      ["teams", "done"],
    ]);
  });
});
