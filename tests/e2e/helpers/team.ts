import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { inboundToken, port } from "../../../playwright.config.ts";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database.ts";
import type { Submission } from "../../../server/db/schema.ts";
import { validApplication } from "../../../server/test/fixtures.ts";
import { expect } from "./page-health.ts";

/** The team's pages are served as PUBLIC_SITE_URL, http://localhost:PORT (see playwright.config). */
export const teamOrigin = `http://localhost:${port}`;
export const dataDir = path.resolve(`data/e2e-${port}`);

/** A name no other test (or earlier run) uses, to find a test's application or message. */
export const uniqueName = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A member address of its own for each test (the sign-in limits count per address). */
export function memberAddress(title: string, project: string): string {
  const slug = `${title}-${project}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40);
  return `${slug}-${Date.now().toString(36)}@team.example`;
}

/** `npm run team -- add EMAIL` against the e2e server's database. */
export function addMember(email: string) {
  const result = spawnSync(process.execPath, ["server/cli.ts", "team", "add", email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`team add failed: ${result.stderr}`);
}

/**
 * The emails the e2e server sent (without SMTP_URL, .eml files in DATA_DIR/mail, each named
 * after its Message-ID), those whose file name `keep`s, parsed, oldest first.
 */
export async function sentEmails(keep: (name: string) => boolean = () => true) {
  const directory = path.join(dataDir, "mail");
  const names = (await readdir(directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml") && keep(name))
    .sort();
  const messages: ParsedMail[] = [];
  for (const name of names) {
    // Another test's "Erase" may delete an applicant's .eml between readdir and here.
    const raw = await readFile(path.join(directory, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (raw) messages.push(await simpleParser(raw));
  }
  return messages;
}

/** The address an email went to (its first To). */
export const recipientOf = (message: ParsedMail) =>
  message.to && !Array.isArray(message.to) ? message.to.value[0]?.address : undefined;

/** The sign-in links emailed to `email` so far (read from the .eml files), oldest first. */
export async function signInLinks(email: string): Promise<string[]> {
  const links: string[] = [];
  for (const message of await sentEmails()) {
    if (recipientOf(message) !== email || !message.subject?.startsWith("Sign in to")) continue;
    const link = /https?:\/\/\S+\/team\/sign-in\/link\?token=\w+/.exec(message.text ?? "")?.[0];
    if (link) links.push(link);
  }
  return links;
}

/** Asks for a link on the sign-in page; returns the link that arrived. */
export async function requestLink(page: Page, email: string): Promise<string> {
  const before = (await signInLinks(email)).length;
  await page.goto(`${teamOrigin}/team/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  let links: string[] = [];
  await expect
    .poll(async () => {
      links = await signInLinks(email);
      return links.length;
    })
    .toBeGreaterThan(before);
  return links.at(-1) as string;
}

/** A new member, signed in by the emailed link; on the inbox afterwards. */
export async function signIn(page: Page, email: string): Promise<void> {
  addMember(email);
  const link = await requestLink(page, email);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
}

let applicants = 0;

/**
 * An application through the intake API; its id. Each from an address of its own: erasing one
 * applicant (every application of their address) must not erase another test's.
 */
export async function submitApplication(
  request: APIRequestContext,
  overrides: Record<string, string> = {},
): Promise<string> {
  applicants += 1;
  const email = `applicant-${process.pid}-${Date.now().toString(36)}-${applicants}@example.com`;
  const answer = await request.post(`${teamOrigin}/functions/v1/send-onboarding-email`, {
    data: validApplication({ email, ...overrides }),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

/**
 * Posts a raw message as a mail provider does (POST /team/inbound-email, with the token), from
 * a client of its own: a fresh connection, never one of the test's `request` kept from earlier
 * (Playwright reuses those past the server's Keep-Alive timeout, and the server has closed them
 * by then: ECONNRESET, microsoft/playwright#42698). The answer, 200 and `{ ok: true, matched }`.
 */
export async function postInbound(raw: string) {
  const provider = await playwrightRequest.newContext();
  try {
    const answer = await provider.post(`${teamOrigin}/team/inbound-email`, {
      headers: { Authorization: `Bearer ${inboundToken}`, "Content-Type": "message/rfc822" },
      data: Buffer.from(raw),
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { ok: boolean; matched: boolean };
  } finally {
    await provider.dispose();
  }
}

/** A connection of the test's own to the e2e server's SQLite database. */
export async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = openDatabase({ DATABASE_URL: undefined, dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** One column of an application (its row of `submissions`), as the e2e server stored it. */
export function submissionColumn<C extends keyof Submission>(
  id: string,
  column: C,
): Promise<Submission[C]> {
  return withDatabase(async (database) => {
    const row: Submission = await database.db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row[column];
  });
}
