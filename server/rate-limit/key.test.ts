import { describe, expect, it } from "vitest";
import { rateLimitKey } from "./key.ts";

describe("rateLimitKey", () => {
  it("counts an IPv4 client by its address, also when written as IPv4-mapped IPv6", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("203.0.113.8")).not.toBe(rateLimitKey("203.0.113.7"));
  });

  it("counts every address of one IPv6 /64 together, and other /64s apart", () => {
    const home = rateLimitKey("2001:db8:aa:bb::1");
    expect(home).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitKey("2001:db8:aa:bb:ffff:ffff:ffff:fffe")).toBe(home);
    expect(rateLimitKey("2001:0DB8:00aa:00bb:1234::9")).toBe(home);
    expect(rateLimitKey("2001:db8:aa:bc::1")).not.toBe(home);
  });

  it("leaves what is not an address as it is", () => {
    expect(rateLimitKey("")).toBe("");
    expect(rateLimitKey("unknown")).toBe("unknown");
  });
});
