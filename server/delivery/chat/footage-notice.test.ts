import { expect, it } from "vitest";
import type { NoticeBatch } from "../../db/portal/upload-notices.ts";
import { footageNotice, shownName } from "./footage-notice.ts";
import { slackMessage } from "./slack.ts";

const batch = (overrides: Partial<NoticeBatch> = {}): NoticeBatch => ({
  clientId: "0b6f3c1e-4d2a-4c1b-9e8f-1a2b3c4d5e6f",
  clientName: "@everyone <!channel> Eve",
  plan: "Influencer",
  requestId: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  requestTitle: "Launch <https://evil.example|click>",
  files: [
    {
      uploadId: "u1",
      displayName: "../../etc/passwd",
      size: 1,
      completedAt: 0,
      durationMs: 20 * 60_000 + 1,
    },
  ],
  total: 1,
  ...overrides,
});

it("names a file by what follows its last slash, never a path; an empty name as unnamed", () => {
  expect(shownName("../../etc/passwd")).toBe("passwd");
  expect(shownName("C:\\Users\\ada\\take.mov")).toBe("take.mov");
  expect(shownName("  ")).toBe("Unnamed file");
  expect(shownName("a\nb.mp4")).toBe("a b.mp4");
});

it("keeps what the client typed to the facts, in our words elsewhere; the plan's minutes by its own cap", () => {
  const notice = footageNotice(batch(), undefined, {
    siteUrl: "https://reelsmith.example/",
    now: 0,
  });
  expect(notice.summary).toBe("A client sent a new file of footage.");
  expect(notice.title).toBe("New footage");
  expect(notice.fileLines).toEqual(["passwd (20:00; 21 min: over the plan's 20 min per video)"]);
  // The request's page: the client's footage for it, and where the cut goes.
  expect(notice.link?.url).toBe(
    "https://reelsmith.example/team/clients/0b6f3c1e-4d2a-4c1b-9e8f-1a2b3c4d5e6f/requests/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  );
  // Slack: the client's words are plain text, their mentions and links defused.
  const slack = JSON.stringify(slackMessage(notice));
  expect(slack).not.toContain("@everyone");
  expect(slack).not.toContain("<!channel>");
  expect(slack).not.toContain("<https://evil");
  expect(JSON.parse(slack).text).toBe("A client sent a new file of footage.");
});

it("says how many files a batch holds, and counts those not named", () => {
  const file = batch().files[0];
  if (!file) throw new Error("no file");
  const many = footageNotice(
    batch({ files: [file, { ...file, uploadId: "u2", durationMs: null }], total: 5 }),
    { name: "maya", email: "maya@studio.example" },
    { siteUrl: "https://reelsmith.example", now: 0 },
  );
  expect(many.subject).toBe("New footage from @everyone <!channel> Eve: 5 files");
  expect(many.summary).toBe("A client sent 5 new files of footage.");
  expect(many.fileLines.slice(1)).toEqual(["passwd (length not read)", "and 3 more"]);
  expect(many.facts.find((fact) => fact.label === "Owner")?.value).toBe(
    "maya <maya@studio.example>",
  );
});
