import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { trustNobody } from "../http/proxy-trust.ts";
import type { RateLimit } from "../rate-limit/limiter.ts";
import { inboundEndpoint } from "./http-endpoint.ts";
import type { Received } from "./receive.ts";
import { refusals } from "./test-messages.ts";

const token = "inbound-token-0123456789-abcdefgh";
const allow: RateLimit = { consume: async () => ({ ok: true }) };
/** The data directory the endpoint spools bodies under. */
const dataDir = mkdtempSync(path.join(tmpdir(), "reelsmith-inbound-http-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The endpoint alone on an app of its own, with a receiver that answers `answer`. */
function endpoint(options: {
  token?: string;
  rateLimit?: RateLimit;
  answer?: () => Promise<Received>;
}) {
  const received: Buffer[] = [];
  const app = new Hono();
  app.post(
    "/team/inbound-email",
    inboundEndpoint({
      token: options.token,
      maxBytes: 1024,
      dataDir,
      receiver: {
        receiveFile: async (spooled) => {
          received.push(await readFile(spooled.file));
          return (
            options.answer ?? (async () => ({ ok: true, id: "x", matched: true, duplicate: false }))
          )();
        },
      },
      rateLimit: options.rateLimit ?? allow,
      trustProxy: trustNobody,
      logger: pino({ level: "silent" }),
    }),
  );
  const post = (headers: Record<string, string> = {}) =>
    app.request("/team/inbound-email", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "message/rfc822", ...headers },
      body: "Subject: hi\r\n\r\nhello\r\n",
    });
  return { post, received };
}

describe("POST /team/inbound-email, on its own", () => {
  it("is a 404 without INBOUND_TOKEN, whatever is sent", async () => {
    const { post, received } = endpoint({});
    const answer = await post();
    expect(answer.status).toBe(404);
    expect(received).toEqual([]);
  });

  it("answers 429 with Retry-After over the per-IP limit, before looking at the token", async () => {
    const { post, received } = endpoint({
      token,
      rateLimit: { consume: async () => ({ ok: false, retryAfterSeconds: 42 }) },
    });
    const answer = await post({ Authorization: "" });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("42");
    expect(received).toEqual([]);
  });

  it("answers 503 with Retry-After when the message could not be stored (the provider retries)", async () => {
    const { post } = endpoint({
      token,
      answer: async () => {
        throw new Error("database away");
      },
    });
    const answer = await post();
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("60");
    expect(await answer.json()).toEqual({ ok: false, error: "unavailable" });
  });

  it("hands the body on as it came, and says whether it matched", async () => {
    const { post, received } = endpoint({ token });
    const answer = await post({ "Content-Type": "message/rfc822; charset=utf-8" });
    expect(await answer.json()).toEqual({ ok: true, matched: true });
    expect(received.map(String)).toEqual(["Subject: hi\r\n\r\nhello\r\n"]);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses for good what can never be parsed (422), and answers a limit with 429 or 507 and its reason", async () => {
    const answers = refusals("unmatched_stored_bytes");
    const { post } = endpoint({ token, answer: async () => answers.shift() as Received });
    const expectAnswer = async (status: number, error: string, reason: string) => {
      const answer = await post();
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ ok: false, error, reason });
      return answer;
    };
    await expectAnswer(422, "unparseable", "Max allowed child nodes exceeded");
    const limited = await expectAnswer(429, "rate_limited", "sender_messages_per_hour");
    expect(limited.headers.get("retry-after")).toBe("120");
    await expectAnswer(507, "quota_full", "unmatched_stored_bytes");
  });
});
