import { describe, expect, it } from "vitest";
import { cachedResolver } from "./dns-cache.ts";

describe("the DNS lookups of the checks, remembered", () => {
  it("asks once per name and type within the time, answers and 'no such name' alike", async () => {
    const asked: string[] = [];
    let clock = 0;
    const resolve = cachedResolver(
      async (name, type) => {
        asked.push(`${type} ${name}`);
        if (name.endsWith(".invalid")) {
          throw Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
        }
        return [["v=spf1 -all"]];
      },
      { ttlMs: 1000, now: () => clock },
    );
    expect(await resolve("example.org", "TXT")).toEqual([["v=spf1 -all"]]);
    expect(await resolve("EXAMPLE.org", "TXT")).toEqual([["v=spf1 -all"]]);
    await expect(resolve("a.invalid", "TXT")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(resolve("a.invalid", "TXT")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(asked).toEqual(["TXT example.org", "TXT a.invalid"]);
    clock = 1001;
    await resolve("example.org", "TXT");
    expect(asked).toHaveLength(3);
  });

  it("asks again after a failure to get an answer, and forgets the oldest beyond its size", async () => {
    const asked: string[] = [];
    let fail = true;
    const resolve = cachedResolver(
      async (name) => {
        asked.push(name);
        if (fail) throw Object.assign(new Error("timeout"), { code: "ETIMEOUT" });
        return [["x"]];
      },
      { max: 2 },
    );
    await expect(resolve("a.example", "TXT")).rejects.toMatchObject({ code: "ETIMEOUT" });
    await new Promise((done) => setImmediate(done));
    fail = false;
    await resolve("a.example", "TXT");
    await resolve("b.example", "TXT");
    await resolve("c.example", "TXT");
    await resolve("a.example", "TXT");
    expect(asked).toEqual(["a.example", "a.example", "b.example", "c.example", "a.example"]);
  });
});
