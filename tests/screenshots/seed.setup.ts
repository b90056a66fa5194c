import { writeFile } from "node:fs/promises";
import { test as setup } from "@playwright/test";
import { statusUpdate } from "../../server/db/applications/changes.ts";
import { firstResponseStatements } from "../../server/db/applications/promise.ts";
import { messageInsert, newReplyUpdate } from "../../server/db/messages.ts";
import { validApplication } from "../../server/test/fixtures.ts";
import { postInbound } from "../e2e/helpers/incoming.ts";
import { expect } from "../e2e/helpers/page-health.ts";
import { withDatabase } from "../e2e/helpers/stored.ts";
import { addMember, teamOrigin } from "../e2e/helpers/team.ts";
import { seededMembers, seedFile } from "./seeded.ts";

// A realistic morning for a team of two (Maya and Dan): 31 applications over ten days, six
// overdue, three due within hours, some answered (two late), three with the applicant's answer
// back, one onboarded, one declined, two spam, and two emails that matched nothing. Applications
// come through the intake API (owners by the round robin); their ages and answers are then
// written with the repository's own statements, as the server would have over those days.

const hour = 3_600_000;

type State = "new" | "answered" | "late" | "replied" | "onboarded" | "declined" | "spam";

const applicants: [name: string, niche: string, plan: string, ageHours: number, state: State][] = [
  ["Amara Nwosu", "Plant-based weeknight dinners", "Creator", 0.3, "new"],
  ["Lucas Meyer", "Bouldering and climbing tips", "Influencer", 1.5, "new"],
  ["Sofia Rossi", "Vintage fashion hauls", "Creator", 3, "new"],
  ["Kenji Watanabe", "Mechanical keyboards", "Creator", 5, "new"],
  ["Chloé Martin", "Small-space interior design", "Enterprise", 7, "new"],
  ["Diego Hernández", "Street food reviews", "Influencer", 9, "new"],
  ["Hannah Berg", "Language learning", "Creator", 12, "new"],
  ["Olivia Brown", "Home workouts for beginners", "Influencer", 21, "new"],
  ["Mateo Silva", "Budget travel in South America", "Creator", 22, "new"],
  ["Aisha Rahman", "Skincare for sensitive skin", "Enterprise", 23, "new"],
  ["Noah Fischer", "Woodworking projects", "Creator", 27, "new"],
  ["Emma Johansson", "Nordic baking", "Influencer", 31, "new"],
  ["Ravi Patel", "Personal finance for students", "Enterprise", 38, "new"],
  ["Grace Kim", "K-beauty routines", "Creator", 45, "new"],
  ["Tomás Ortega", "Football freestyle", "Influencer", 52, "new"],
  ["Zoe Williams", "Dog training", "Creator", 70, "new"],
  ["Priya Sharma", "Yoga for desk workers", "Influencer", 40, "replied"],
  ["Liam O'Connor", "Craft beer brewing", "Creator", 64, "replied"],
  ["Mei Lin", "Watercolour painting", "Enterprise", 96, "replied"],
  ["Jonas Becker", "Cycling routes", "Creator", 30, "answered"],
  ["Isabella Costa", "Sustainable fashion", "Influencer", 50, "answered"],
  ["Ahmed Hassan", "Tech reviews in Arabic", "Enterprise", 75, "answered"],
  ["Julia Nowak", "Board game reviews", "Creator", 120, "answered"],
  ["Samuel Adeyemi", "Afrobeats dance tutorials", "Influencer", 60, "late"],
  ["Clara Dubois", "French pastry", "Creator", 140, "late"],
  ["Ethan Clarke", "Productivity for founders", "Enterprise", 170, "onboarded"],
  ["Nora Lindqvist", "Minimalist living", "Creator", 200, "declined"],
  ["Leo Moreau", "Magic tricks", "Creator", 150, "answered"],
  ["Ines Duarte", "Surfing in Portugal", "Influencer", 230, "answered"],
  ["Crypto Gains Now", "Earn 10x daily", "Enterprise", 4, "spam"],
  ["Best SEO Agency", "Backlinks", "Creator", 20, "spam"],
];

const platforms = ["instagram", "tiktok", "youtube", "multiple"] as const;
const audiences = ["1k-10k", "10k-50k", "50k-100k", "100k-500k"] as const;

const emailOf = (name: string) =>
  `${name
    .normalize("NFD")
    .replace(/[^\p{L} ]/gu, "")
    .toLowerCase()
    .replace(/ /g, ".")}@example.com`;

/** An application through the intake API, as the questionnaire sends it; its id. */
async function submitted(
  request: Parameters<Parameters<typeof setup>[2]>[0]["request"],
  fields: Record<string, string>,
) {
  const answer = await request.post(`${teamOrigin}/functions/v1/send-onboarding-email`, {
    data: validApplication(fields),
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

setup("seed a team of two and a morning of applications", async ({ request }) => {
  setup.setTimeout(120_000);
  for (const member of seededMembers) addMember(member.email);
  await withDatabase(async ({ db }) => {
    for (const member of seededMembers) {
      await db
        .updateTable("teamMembers")
        .set({ name: member.name })
        .where("email", "=", member.email)
        .execute();
    }
  });

  const ids: Record<string, string> = {};
  for (const [index, [name, niche, plan, , state]] of applicants.entries()) {
    ids[name] = await submitted(request, {
      name,
      email: emailOf(name),
      accountHandle: `@${emailOf(name).split("@")[0]?.replace(/\./g, "")}`,
      contentNiche: niche,
      selectedPlan: plan,
      primaryPlatform: platforms[index % platforms.length] as string,
      audienceSize: audiences[index % audiences.length] as string,
      // The questionnaire's honeypot, filled as a bot fills it: kept as spam.
      ...(state === "spam" ? { website: "https://seo-backlinks.example" } : {}),
    });
  }

  const now = Date.now();
  await withDatabase(async (database) => {
    const { db } = database;
    const owners = new Map(
      (await db.selectFrom("teamMembers").select(["id", "email"]).execute()).map((row) => [
        row.id,
        row.email,
      ]),
    );
    for (const [name, , , ageHours, state] of applicants) {
      const id = ids[name] as string;
      const createdAt = Math.round(now - ageHours * hour);
      const row = await db
        .selectFrom("submissions")
        .select(["ownerId", "email", "dueAt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("submissions")
        .set({ createdAt, dueAt: row.dueAt === null ? null : createdAt + 24 * hour })
        .where("id", "=", id)
        .execute();
      if (state === "new" || state === "spam") continue;
      const answeredAfter = state === "late" ? 30 : Math.min(ageHours / 2, 6);
      const answeredAt = Math.round(createdAt + answeredAfter * hour);
      const member = (row.ownerId && owners.get(row.ownerId)) || seededMembers[0].email;
      await database.writeTransaction([
        ...firstResponseStatements(db, id, answeredAt, { fromNewToContacted: true }),
        messageInsert(db, {
          id: crypto.randomUUID(),
          submissionId: id,
          direction: "out",
          messageId: `<${crypto.randomUUID()}@reelsmith.example>`,
          inReplyTo: null,
          fromAddress: "hello@reelsmith.example",
          toAddress: row.email,
          subject: "Your Reelsmith application",
          body: `Hi ${name.split(" ")[0]},\n\nThanks for applying! Could you send us two or three recent videos you are proud of, and tell us how often you post?\n\nBest,\n${member.split("@")[0]}`,
          visible: `Hi ${name.split(" ")[0]},\n\nThanks for applying! Could you send us two or three recent videos you are proud of, and tell us how often you post?`,
          rawFile: null,
          auth: null,
          memberEmail: member,
          deliveryId: null,
          createdAt: answeredAt,
        }),
      ]);
      if (state === "onboarded" || state === "declined") {
        await database.write(statusUpdate(db, id, state));
      }
      if (state === "replied") {
        await database.writeTransaction([
          messageInsert(db, {
            id: crypto.randomUUID(),
            submissionId: id,
            direction: "in",
            messageId: `<${crypto.randomUUID()}@example.com>`,
            inReplyTo: null,
            fromAddress: row.email,
            fromName: name,
            toAddress: "hello@reelsmith.example",
            subject: "Re: Your Reelsmith application",
            body: "Here are three of my latest: the reel from Monday did best. I post four times a week.",
            visible:
              "Here are three of my latest: the reel from Monday did best. I post four times a week.",
            rawFile: null,
            auth: JSON.stringify({ spf: "pass", dkim: "pass", dmarc: "pass" }),
            memberEmail: null,
            deliveryId: null,
            createdAt: Math.round(answeredAt + 3 * hour),
          }),
          newReplyUpdate(db, id, true),
        ]);
      }
    }
  });

  // Two emails for nobody: a reply from a changed address, and a stranger's question.
  for (const [from, subject, text] of [
    [
      "Priya S <priya.yoga@gmail.example>",
      "Re: Your Reelsmith application",
      "Sending from my personal address: here are the videos.",
    ],
    [
      "Marco Bianchi <marco@bianchi.example>",
      "Question about pricing",
      "Hi, do you also edit long-form YouTube videos?",
    ],
  ] as const) {
    const posted = await postInbound(
      [
        `From: ${from}`,
        "To: hello@reelsmith.example",
        `Subject: ${subject}`,
        `Message-ID: <${crypto.randomUUID()}@example.org>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        text,
        "",
      ].join("\r\n"),
    );
    expect(posted.matched).toBe(false);
  }

  await writeFile(
    seedFile,
    JSON.stringify({
      application: ids["Priya Sharma"],
      spam: ids["Crypto Gains Now"],
      // The portal's screenshots make him the client (portal-pages.spec.ts).
      onboarded: ids["Ethan Clarke"],
    }),
  );
});
