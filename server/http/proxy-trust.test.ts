import { describe, expect, it } from "vitest";
import { parseTrustProxy, publicRequest, trustNobody } from "./proxy-trust.ts";

const forwarded = {
  "X-Forwarded-For": "198.51.100.7, 203.0.113.9",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": "apply.reelsmith.example",
};

/** A request reaching us from `peer` at http://127.0.0.1:3000/onboarding with `headers`. */
function request(peer: string, headers: Record<string, string> = forwarded) {
  return { peer, headers: new Headers(headers), url: "http://127.0.0.1:3000/onboarding" };
}

describe("parseTrustProxy (Express's `trust proxy` values)", () => {
  it("false, empty and 0 trust nobody", () => {
    for (const value of [undefined, "", "false", "FALSE", "0"]) {
      const trust = parseTrustProxy(value);
      expect(trust("127.0.0.1", 0), String(value)).toBe(false);
      expect(trust("10.0.0.1", 0), String(value)).toBe(false);
    }
  });

  it("a hop count trusts that many hops from the socket, whatever their address", () => {
    const one = parseTrustProxy("1");
    expect(one("203.0.113.1", 0)).toBe(true);
    expect(one("203.0.113.1", 1)).toBe(false);
    const two = parseTrustProxy("2");
    expect(two("203.0.113.1", 1)).toBe(true);
    expect(two("203.0.113.1", 2)).toBe(false);
  });

  it("a list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal", () => {
    const trust = parseTrustProxy("loopback, 192.0.2.10, 2001:db8::/32");
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("127.0.0.3", 0)).toBe(true);
    expect(trust("::1", 0)).toBe(true);
    expect(trust("::ffff:127.0.0.1", 0)).toBe(true);
    expect(trust("192.0.2.10", 5)).toBe(true);
    expect(trust("192.0.2.11", 0)).toBe(false);
    expect(trust("2001:db8:5::1", 0)).toBe(true);
    expect(trust("10.0.0.1", 0)).toBe(false);
    const local = parseTrustProxy("uniquelocal,linklocal");
    expect(local("10.1.2.3", 0)).toBe(true);
    expect(local("172.20.0.1", 0)).toBe(true);
    expect(local("192.168.1.1", 0)).toBe(true);
    expect(local("169.254.1.1", 0)).toBe(true);
    expect(local("fe80::1", 0)).toBe(true);
    expect(local("127.0.0.1", 0)).toBe(false);
  });

  it.each([["true"], ["yes"], ["not-an-address"], ["10.0.0.0/33"], ["1.2.3"], ["1,,2"]])(
    "refuses %s",
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow();
    },
  );
});

describe("publicRequest", () => {
  it("trusting nobody: the peer is the client, and the forwarded headers count for nothing", () => {
    expect(publicRequest(request("203.0.113.50"), trustNobody)).toEqual({
      clientIp: "203.0.113.50",
      protocol: "http",
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
    });
  });

  it("behind a trusted proxy: the last X-Forwarded-For entry, the public scheme and host", () => {
    expect(publicRequest(request("127.0.0.1"), parseTrustProxy("loopback"))).toEqual({
      clientIp: "203.0.113.9",
      protocol: "https",
      host: "apply.reelsmith.example",
      origin: "https://apply.reelsmith.example",
    });
  });

  it("a peer that is not the trusted proxy is believed in nothing it sends", () => {
    const trust = parseTrustProxy("10.0.0.2");
    expect(publicRequest(request("198.51.100.80"), trust)).toEqual({
      clientIp: "198.51.100.80",
      protocol: "http",
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
    });
  });

  it("walks the chain while hops are trusted: two proxies, or a hop count of 2", () => {
    const chain = { "X-Forwarded-For": "198.51.100.7, 203.0.113.9, 10.0.0.5" };
    expect(publicRequest(request("10.0.0.2", chain), parseTrustProxy("10.0.0.0/8")).clientIp).toBe(
      "203.0.113.9",
    );
    expect(publicRequest(request("10.0.0.2", chain), parseTrustProxy("2")).clientIp).toBe(
      "203.0.113.9",
    );
    expect(publicRequest(request("10.0.0.2", chain), parseTrustProxy("1")).clientIp).toBe(
      "10.0.0.5",
    );
  });

  it("writes IPv4-mapped IPv6 as IPv4, and IPv6 in its short form", () => {
    expect(publicRequest(request("::ffff:203.0.113.4", {}), trustNobody).clientIp).toBe(
      "203.0.113.4",
    );
    const v6 = { "X-Forwarded-For": "2001:0db8:0000:0000:0000:0000:0000:0001" };
    expect(publicRequest(request("127.0.0.1", v6), parseTrustProxy("1")).clientIp).toBe(
      "2001:db8::1",
    );
  });

  it("keeps the proxy's address when what it forwarded is no address", () => {
    const junk = { "X-Forwarded-For": "unknown" };
    expect(publicRequest(request("127.0.0.1", junk), parseTrustProxy("1")).clientIp).toBe(
      "127.0.0.1",
    );
  });

  it("takes the first of several values; ignores a scheme or host that is not one", () => {
    const trust = parseTrustProxy("loopback");
    const many = {
      "X-Forwarded-Proto": "https, http",
      "X-Forwarded-Host": "site.example:8443, other.example",
    };
    expect(publicRequest(request("127.0.0.1", many), trust).origin).toBe(
      "https://site.example:8443",
    );
    const bad = { "X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "evil.example/path@x" };
    expect(publicRequest(request("127.0.0.1", bad), trust).origin).toBe("http://127.0.0.1:3000");
    const badPort = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "site.example:99999" };
    expect(publicRequest(request("127.0.0.1", badPort), trust).origin).toBe(
      "https://127.0.0.1:3000",
    );
  });

  it("leaves the default port out, as browsers do in Origin", () => {
    const trust = parseTrustProxy("loopback");
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "Site.Example:443" };
    expect(publicRequest(request("127.0.0.1", headers), trust)).toMatchObject({
      host: "site.example",
      origin: "https://site.example",
    });
  });

  it("without a socket (app.request() in tests) there is no client address", () => {
    expect(publicRequest(request(""), parseTrustProxy("1")).clientIp).toBe("");
  });
});
