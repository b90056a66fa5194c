import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gzipSync } from "node:zlib";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it, onTestFinished } from "vitest";
import { peakBufferGrowth } from "../test/memory.ts";
import { limits, parseMessage } from "./parse-message.ts";
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

  it("reads a 40 MB text part only up to its bound: the body as before, Buffers grow by less than 15 MB", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "parse-"));
    onTestFinished(() => rm(directory, { recursive: true, force: true }));
    const file = path.join(directory, "long.eml");
    const line = "Thanks, Tuesday works for me. ".repeat(3).concat("\n");
    const lines = Math.ceil((40 * 1024 * 1024) / line.length);
    // A text body made as a stream, and composed to disk as one: the test never holds it.
    const text = Readable.from(
      (function* () {
        for (let n = 0; n < lines; n += 1024) yield line.repeat(1024);
      })(),
    );
    await pipeline(
      new MailComposer({ from: "Maya Chen <maya@example.org>", subject: "Long", text })
        .compile()
        .createReadStream(),
      createWriteStream(file),
    );
    let body = "";
    const growth = await peakBufferGrowth(async () => {
      body = (await parseMessage(createReadStream(file))).body;
    });
    expect(body).toHaveLength(limits.body);
    expect(body.startsWith("Thanks, Tuesday works for me. Thanks")).toBe(true);
    expect(growth).toBeLessThan(15 * 1024 * 1024);
  }, 120_000);

  it("hands the first 100 attachments to be kept, and reads the others through without keeping them", async () => {
    const kept: number[] = [];
    const parsed = await parseMessage(
      await rawMessage({
        attachments: Array.from({ length: 102 }, (_, n) => ({
          filename: `file-${n}.txt`,
          content: `content ${n}`,
        })),
      }),
      async (content) => {
        let size = 0;
        for await (const chunk of content) size += (chunk as Buffer).length;
        kept.push(size);
        return { size };
      },
    );
    expect(kept).toHaveLength(limits.attachments);
    expect(parsed.attachments).toHaveLength(limits.attachments);
    expect(parsed.attachments[99]).toEqual({
      filename: "file-99.txt",
      contentType: "text/plain",
      size: 10,
    });
    expect(parsed.body).toContain("Tuesday works");
  });
});
