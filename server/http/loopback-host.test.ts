import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback-host.ts";

describe("isLoopbackHost", () => {
  it("takes this machine's names and addresses, as URLs give them", () => {
    for (const url of [
      "http://localhost:9000/x",
      "http://LOCALHOST/x",
      "http://relay.localhost/x",
      "http://127.0.0.1:8080/x",
      "http://127.1.2.3/x",
      "http://[::1]:9000/x",
      "http://[::ffff:127.0.0.1]/x",
    ]) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
    }
  });

  it("refuses every other host, however it is spelled", () => {
    for (const url of [
      "http://example.com/x",
      "http://localhost.example.com/x",
      "http://127.0.0.1.nip.io/x",
      "http://10.0.0.1/x",
      "http://[::2]/x",
      "http://0.0.0.0/x",
    ]) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(false);
    }
  });
});
