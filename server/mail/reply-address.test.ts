import { describe, expect, it } from "vitest";
import { isReplyDomain, replyAddress, routedApplication } from "./reply-address.ts";

const secret = "a-secret-of-the-instance-0123456789";
const id = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";
const other = "0f6b1c36-5d2e-4a4b-9c3d-2e1f0a9b8c7d";
const domain = "reply.reelsmith.example";

describe("the reply address of an application", () => {
  it("routes back to its application, in any letter case", () => {
    const address = replyAddress(secret, id, domain);
    expect(address).toMatch(
      /^reply\+7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01\.[a-z0-9]{16}@reply\.reelsmith\.example$/,
    );
    expect(routedApplication(secret, address, domain)).toBe(id);
    expect(routedApplication(secret, address.toUpperCase(), domain)).toBe(id);
  });

  it("refuses a guessed, altered or foreign address", () => {
    const address = replyAddress(secret, id, domain);
    const tag = address.split(".")[1]?.split("@")[0] ?? "";
    // Another application's id with this tag: refused.
    expect(routedApplication(secret, `reply+${other}.${tag}@${domain}`, domain)).toBeUndefined();
    // The tag of another secret: refused.
    expect(
      routedApplication(secret, replyAddress("another-secret-0123456789", id, domain), domain),
    ).toBeUndefined();
    // Another domain, a plain address, a truncated tag.
    expect(
      routedApplication(secret, address.replace(domain, "evil.example"), domain),
    ).toBeUndefined();
    expect(routedApplication(secret, "team@reply.reelsmith.example", domain)).toBeUndefined();
    expect(
      routedApplication(secret, address.replace(`.${tag}`, `.${tag.slice(0, 8)}`), domain),
    ).toBeUndefined();
    expect(isReplyDomain(address, domain)).toBe(true);
    expect(isReplyDomain("someone@evil.example", domain)).toBe(false);
  });
});
