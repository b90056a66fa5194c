import { expect, it } from "vitest";
import type { Application } from "../db/schema.ts";
import { validApplication } from "../test/fixtures.ts";
import { type Exported, neutralise, toCsv, toJson } from "./export-format.ts";

it.each([
  ["=1+2", "'=1+2"],
  ["+33 6 12", "'+33 6 12"],
  ["-5", "'-5"],
  ["@handle", "'@handle"],
  ["\tcmd", "'\tcmd"],
  ["\rcmd", "'\rcmd"],
  ["plain = text", "plain = text"],
  ["", ""],
])("neutralises a formula-like cell: %j", (cell, expected) => {
  expect(neutralise(cell)).toBe(expected);
});

it("writes CSV with every string cell neutralised and quoted where needed", () => {
  const application = {
    ...(validApplication({ name: "=cmd|' /C calc'!A0", goals: 'say "hi", then\nleave' }) as object),
    id: "9b570d9d-5998-422a-8cbf-f2987bb9ddd3",
    createdAt: Date.UTC(2026, 0, 31),
    ipHash: "x",
    userAgent: "x",
    isSpam: 1,
    idempotencyKey: null,
    status: "contacted",
    ownerEmail: "=owner@example.com",
    dueAt: Date.UTC(2026, 1, 1),
    firstResponseAt: Date.UTC(2026, 0, 31, 3, 30),
    visitSource: "newsletter",
    visitMedium: "email",
    visitCampaign: "=spring",
    visitReferrer: "news.example",
    visitLandingPage: "/",
  } as Application & { ownerEmail: string };
  const csv = toCsv([application]);
  expect(csv).toContain(
    `9b570d9d-5998-422a-8cbf-f2987bb9ddd3,2026-01-31T00:00:00.000Z,'=cmd|' /C calc'!A0,`,
  );
  expect(csv).toContain(`"say ""hi"", then\nleave"`);
  // The promise's columns: status, owner (neutralised too), due, first response, in seconds;
  // then where it came from.
  expect(csv.trimEnd()).toMatch(
    /,Influencer,true,contacted,'=owner@example\.com,2026-02-01T00:00:00\.000Z,2026-01-31T03:30:00\.000Z,12600,0,newsletter,email,'=spring,news\.example,\/$/,
  );
});

it("counts the thread's messages in CSV (one row per application) and writes them in JSON", () => {
  const application = {
    ...(validApplication() as object),
    id: "9b570d9d-5998-422a-8cbf-f2987bb9ddd3",
    createdAt: Date.UTC(2026, 0, 31),
    ipHash: "x",
    userAgent: "x",
    isSpam: 0,
    idempotencyKey: null,
    status: "contacted",
    ownerEmail: null,
    dueAt: null,
    firstResponseAt: null,
    messageCount: 2,
    thread: [
      {
        direction: "out" as const,
        createdAt: Date.UTC(2026, 0, 31, 1),
        fromAddress: "team@studio.example",
        fromName: "maya",
        toAddress: "ada@example.com",
        subject: "Re: Your application",
        body: "=Hi Ada,\nLet us talk.",
      },
      {
        direction: "in" as const,
        createdAt: Date.UTC(2026, 0, 31, 2),
        fromAddress: "ada@example.com",
        fromName: "",
        toAddress: "reply+x.y@studio.example",
        subject: "Re: Re: Your application",
        body: "Tuesday works.",
      },
    ],
  } as unknown as Exported;
  const csv = toCsv([application]).trimEnd().split("\n");
  expect(csv).toHaveLength(2); // the header and one row: no message of the thread in CSV
  expect(csv[0]).toMatch(/,responseSeconds,messages,source,medium,campaign,referrer,landingPage$/);
  expect(csv[1]).toMatch(/,,2,,,,,$/);
  const [row] = JSON.parse(toJson([application])) as { messages: number; thread: unknown[] }[];
  expect(row?.messages).toBe(2);
  expect(row?.thread).toEqual([
    {
      direction: "out",
      time: "2026-01-31T01:00:00.000Z",
      from: "maya <team@studio.example>",
      to: "ada@example.com",
      subject: "Re: Your application",
      text: "=Hi Ada,\nLet us talk.",
    },
    {
      direction: "in",
      time: "2026-01-31T02:00:00.000Z",
      from: "ada@example.com",
      to: "reply+x.y@studio.example",
      subject: "Re: Re: Your application",
      text: "Tuesday works.",
    },
  ]);
});
