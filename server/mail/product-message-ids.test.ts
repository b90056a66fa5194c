import { describe, expect, it } from "vitest";
import { messageId } from "../delivery/messages.ts";
import { isOwnMessageId, provenMessageId, taggedMessageId } from "./product-message-ids.ts";

const id = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";
const from = "Reelsmith <no-reply@reelsmith.example>";
const secret = "reply-secret-of-the-instance-0123456789";

describe("the Message-IDs of the product's own emails", () => {
  it("carry a tag under the secret: the team's email, the confirmation, a reply", () => {
    const team = messageId(id, "team", from, secret);
    expect(team).toMatch(new RegExp(`^<${id}\\.[a-z0-9]{16}\\.team@reelsmith\\.example>$`));
    expect(provenMessageId(secret, team, "reelsmith.example")).toEqual({ id, kind: "team" });
    expect(
      provenMessageId(secret, messageId(id, "confirmation", from, secret), "reelsmith.example"),
    ).toEqual({ id, kind: "confirmation" });
    const reply = taggedMessageId(secret, id, "reply", "reelsmith.example");
    expect(provenMessageId(secret, reply.toUpperCase(), "REELSMITH.example")).toEqual({
      id,
      kind: "reply",
    });
    // The same every time: a resend after a crash is recognisable.
    expect(messageId(id, "team", from, secret)).toBe(team);
  });

  it("prove nothing bare, forged, altered, of another kind, domain or secret", () => {
    const team = messageId(id, "team", from, secret);
    const other = "3b0d1c9e-6a51-4f7e-8c1a-0d2e3f4a5b6c";
    for (const unproven of [
      `<${id}.team@reelsmith.example>`,
      `<${id}.confirmation@reelsmith.example>`,
      messageId(id, "team", from, "another-secret-0123456789-abcdef"),
      team.replace(id, other),
      team.replace(".team@", ".confirmation@"),
      team.replace(/\.([a-z0-9])([a-z0-9]{15})\.team/, ".$2$1.team"),
      "<abc@mail.example>",
      "",
    ]) {
      expect(provenMessageId(secret, unproven, "reelsmith.example")).toBeUndefined();
    }
    expect(provenMessageId(secret, team, "other.example")).toBeUndefined();
  });

  it("are recognised as ours, tagged or not, of every kind the product sends", () => {
    for (const ours of [
      messageId(id, "team", from, secret),
      `<${id}.confirmation@reelsmith.example>`,
      `<${id}.reply@reelsmith.example>`,
      `<${id}.reply-notice@reelsmith.example>`,
      `<${id}.reminder@reelsmith.example>`,
      `<${id}.alert@reelsmith.example>`,
    ]) {
      expect(isOwnMessageId(ours, "reelsmith.example")).toBe(true);
    }
    expect(isOwnMessageId(`<${id}.team@other.example>`, "reelsmith.example")).toBe(false);
    expect(isOwnMessageId("<CAF=abc@mail.gmail.com>", "reelsmith.example")).toBe(false);
  });
});
