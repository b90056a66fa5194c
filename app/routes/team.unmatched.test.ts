import { describe, expect, test } from "vitest";
import { team as teamCopy } from "~/content/team";
import { createAppContext } from "~/shared/app-context";
import { applicationIdIn } from "~/shared/application-reference";
import type { PortKey, TeamPort } from "~/shared/team-port";
import { type ApplicationChoice, type UnmatchedPort, unmatchedPort } from "~/shared/unmatched-port";
import { action } from "./team.unmatched";

const messageId = "0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";
const applicationId = "1c7f3b9f-4d2e-4a6f-8b8c-2d3e4f5a6b7c";
const copy = teamCopy.unmatched.done;

/** The team's side, signed in, with the page's port: what it searched and attached, and offers. */
function context(choices: ApplicationChoice[]) {
  const searched: string[] = [];
  const attached: string[] = [];
  const port = {
    // The message as the list shows it (the action's answer carries it: it stays in view).
    unmatchedMessage: async (id: string) => (id === messageId ? { id, subject: "Hi" } : undefined),
    applicationsNamed: async (text: string) => {
      searched.push(text);
      return choices;
    },
    actOnUnmatched: async (_member: unknown, _id: string, choice: { applicationId: string }) => {
      attached.push(choice.applicationId);
      return { ok: true, done: "attachReply", message: copy.attachReply };
    },
  } as unknown as UnmatchedPort;
  const team: TeamPort = {
    member: { id: "m", email: "maya@reelsmith.example", name: "Maya" },
    port: <Port>(key: PortKey<Port>) => (key === unmatchedPort ? (port as Port) : undefined),
  };
  return { searched, attached, context: createAppContext({ nonce: "", team }) };
}

async function attach(typed: string, choices: ApplicationChoice[] = []) {
  const port = context(choices);
  const request = new Request("http://localhost/team/unmatched", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "attach", message: messageId, application: typed }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type is not needed here
  const answer: any = await action({ request, params: {}, context: port.context } as any);
  return { ...port, answer };
}

const maya: ApplicationChoice = {
  id: applicationId,
  name: "Maya Lopez",
  email: "maya@example.com",
  receivedAt: 0,
  plan: "Creator",
  spam: false,
};

describe("Unmatched's Attach to application", () => {
  test("attaches a pasted id at once, without searching", async () => {
    const { answer, searched, attached } = await attach(` ${applicationId.toUpperCase()} `);
    expect(answer.status).toBe(302);
    // The reference goes to the server's side as typed; it reads the id out of it.
    expect(attached.map(applicationIdIn)).toEqual([applicationId]);
    expect(searched).toEqual([]);
  });

  test("offers the applications a name or email matches, attaching none", async () => {
    const { answer, searched, attached } = await attach(" Maya ", [maya]);
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, messageId, typed: "Maya", choices: [maya] });
    // With the message itself, shown first should newer mail have pushed it off the page.
    expect(answer.data.shown).toEqual({ id: messageId, subject: "Hi" });
    expect(searched).toEqual(["Maya"]);
    expect(attached).toEqual([]);
  });

  test.each([
    ["", copy.invalidApplication],
    ["ma", "Please type at least 3 characters of the applicant's name or email."],
    ["m".repeat(101), "Please type at most 100 characters."],
    ["maya\u0000", copy.invalidApplication],
    ["nobody", "No application matches “nobody”: check the spelling, or search the inbox."],
  ])(
    "refuses %j with a message beneath the field, searching nothing it cannot",
    async (typed, message) => {
      const { answer, searched, attached } = await attach(typed);
      expect(answer.init?.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, message, messageId });
      expect(attached).toEqual([]);
      expect(searched).toEqual(typed === "nobody" ? ["nobody"] : []);
    },
  );
});
