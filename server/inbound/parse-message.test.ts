import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseMessage } from "./parse-message.ts";
import { rawMessage } from "./test-messages.ts";

describe("a message that came in, parsed", () => {
  it("keeps the text part, and what the reply says without the quote below it", async () => {
    const parsed = await parseMessage(
      await rawMessage({
        to: "reply+x@reply.reelsmith.example",
        cc: "Ana <ana@example.org>",
        inReplyTo: "<a.team@reelsmith.example>",
        references: ["<first@x.example>", "<a.team@reelsmith.example>"],
        messageId: "<reply-1@example.org>",
      }),
    );
    expect(parsed.messageId).toBe("<reply-1@example.org>");
    expect(parsed.inReplyTo).toBe("<a.team@reelsmith.example>");
    expect(parsed.replyingTo).toEqual(["<a.team@reelsmith.example>", "<first@x.example>"]);
    expect(parsed.from).toEqual({ address: "maya@example.org", name: "Maya Chen" });
    expect(parsed.recipients).toEqual(["reply+x@reply.reelsmith.example", "ana@example.org"]);
    expect(parsed.body).toContain("> When can we talk?");
    expect(parsed.visible).toBe("Thanks, Tuesday works for me.");
  });

  it("turns an HTML-only message into text: no markup, no script", async () => {
    const parsed = await parseMessage(
      await rawMessage({
        text: undefined,
        html: '<p>Hello <b>team</b></p><script>alert("x")</script><img src="https://t.example/p.gif"><style>p{}</style>',
      }),
    );
    expect(parsed.body).toBe("Hello team");
    expect(parsed.visible).toBe("Hello team");
  });

  it("keeps a subject on one line, whatever its encoded words hold (no header injection)", async () => {
    const subject = Buffer.from("Hi\r\nBcc: everyone@example.org\r\n\r\n<b>x</b>").toString(
      "base64",
    );
    const raw = Buffer.from(
      [
        "From: maya@example.org",
        "To: reply+x@reply.reelsmith.example",
        `Subject: =?UTF-8?B?${subject}?=`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Body with a NUL \u0000 and an escape \u001b[31m.",
        "",
      ].join("\r\n"),
    );
    const parsed = await parseMessage(raw);
    expect(parsed.subject).toBe("Hi Bcc: everyone@example.org <b>x</b>");
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    expect(parsed.body).toBe("Body with a NUL  and an escape [31m.\n");
  });

  it("keeps attachments as bytes under a name that is never a path, and a zip bomb unopened", async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    const parsed = await parseMessage(
      await rawMessage({
        attachments: [
          { filename: "../../etc/passwd", content: "root:x:0:0" },
          { filename: "bomb.zip", content: bomb, contentType: "application/zip" },
          { filename: "page.html", content: "<script>alert(1)</script>", contentType: "text/html" },
        ],
      }),
    );
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      "passwd",
      "bomb.zip",
      "page.html",
    ]);
    const [, zip] = parsed.attachments;
    expect(zip?.content.equals(bomb)).toBe(true);
    expect(zip?.content.length).toBeLessThan(100_000);
  });
});
