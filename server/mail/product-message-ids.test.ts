import { describe, expect, it } from "vitest";
import { messageId } from "../delivery/messages.ts";
import { applicationOfMessageId } from "./product-message-ids.ts";

const id = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";
const from = "Reelsmith <no-reply@reelsmith.example>";

describe("the Message-IDs of the product's own emails", () => {
  it("name their application, for the team's email and the applicant's confirmation", () => {
    expect(applicationOfMessageId(messageId(id, "team", from), "reelsmith.example")).toBe(id);
    expect(applicationOfMessageId(messageId(id, "confirmation", from), "reelsmith.example")).toBe(
      id,
    );
    expect(
      applicationOfMessageId(messageId(id, "team", from).toUpperCase(), "reelsmith.example"),
    ).toBe(id);
  });

  it("name nothing for another domain, another kind or a stranger's id", () => {
    expect(applicationOfMessageId(messageId(id, "team", from), "other.example")).toBeUndefined();
    expect(
      applicationOfMessageId(`<${id}.reminder@reelsmith.example>`, "reelsmith.example"),
    ).toBeUndefined();
    expect(applicationOfMessageId("<abc@mail.example>", "reelsmith.example")).toBeUndefined();
    expect(applicationOfMessageId("", "reelsmith.example")).toBeUndefined();
  });
});
