import type { Readable } from "node:stream";
import { convert } from "html-to-text";
import {
  type AddressObject,
  type AttachmentStream,
  type EmailAddress,
  type Headers,
  MailParser,
  type MessageText,
} from "mailparser";
import { automaticByHeaders } from "./automatic-mail.ts";
import { storedLine, storedText } from "./stored-text.ts";
import { visibleText } from "./visible-text.ts";

/** What is kept of a message that came in, besides its raw bytes (`A`: what `keep` made of each attachment). */
export interface ParsedMessage<A = { content: Buffer }> {
  /** The Message-ID, with its angle brackets; null when it has none. */
  messageId: string | null;
  inReplyTo: string | null;
  /** In-Reply-To and References, every Message-ID named, newest first (at most 100). */
  replyingTo: string[];
  from: { address: string; name: string };
  /** The To header as written (one line). */
  to: string;
  /** The addresses of To, Cc and Delivered-To (where a provider says whom it was for). */
  recipients: string[];
  subject: string;
  /** The text part, or the HTML part turned into text (HTML is never kept for display). */
  body: string;
  /** The body without the quoted history. */
  visible: string;
  /** The first `limits.attachments`, each as `keep` stored it (the others drained, not kept). */
  attachments: ({ filename: string; contentType: string } & A)[];
  /** Its headers say a machine sent it (Auto-Submitted, a bounce, Precedence: bulk…). */
  automatic: boolean;
}

/** Stored text at most (the raw message keeps the rest). */
export const limits = {
  body: 256 * 1024,
  line: 998,
  name: 200,
  address: 320,
  filename: 200,
  attachments: 100,
  replyingTo: 100,
  /**
   * Encoded bytes of text parts (text/plain, text/html shown inline) read at most, all parts
   * together: beyond them the text is not decoded. Far more than the body and html-to-text's
   * 2 MB input ever use, so what is stored is unchanged; it bounds what parsing holds.
   */
  textBytes: 8 * 1024 * 1024,
} as const;

/** The message cannot be parsed (mailparser's, mailsplit's own refusal: its limits, bad MIME). */
export class Unparseable extends Error {}

/**
 * mailparser's streaming parser, that stops decoding text parts past `limits.textBytes` (it
 * would otherwise hold every text part whole until the end).
 */
class BoundedMailParser extends MailParser {
  private textBytes = 0;

  processChunk(data: { type: string; value?: Buffer }, done: () => void): void {
    const node = (this as unknown as { curnode?: { isAttachment?: boolean } }).curnode;
    if (data.type === "body" && data.value && node && node.isAttachment === false) {
      this.textBytes += data.value.length;
      if (this.textBytes > limits.textBytes) {
        setImmediate(done);
        return;
      }
    }
    (
      MailParser.prototype as unknown as {
        processChunk: (this: MailParser, data: unknown, done: () => void) => void;
      }
    ).processChunk.call(this, data, done);
  }
}

/** Keeps an attachment in memory: for tests and callers with small messages only. */
async function inMemory(content: Readable): Promise<{ content: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return { content: Buffer.concat(chunks) };
}

const htmlToText = (html: string) =>
  convert(html, {
    wordwrap: false,
    limits: { maxInputLength: 2 * 1024 * 1024, maxDepth: 200, maxChildNodes: 10_000 },
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });

/**
 * Parses a raw message (already bounded by the caller: INBOUND_MAX_BYTES) with mailparser, as
 * a stream: each attachment's decoded content is handed to `keep` as it is decoded (it stores
 * it and says what it made of it), the first `limits.attachments` only (the rest is drained),
 * and text is read up to `limits.textBytes`. Attachments stay bytes: nothing is unpacked,
 * decompressed or rendered. Rejects with `Unparseable` when mailparser refuses the message;
 * with the error itself when `input` or `keep` fails.
 */
export function parseMessage(input: Readable | Buffer): Promise<ParsedMessage>;
export function parseMessage<A extends object>(
  input: Readable | Buffer,
  keep: (content: Readable) => Promise<A>,
): Promise<ParsedMessage<A>>;
export function parseMessage<A extends object>(
  input: Readable | Buffer,
  keep: (content: Readable) => Promise<A> = inMemory as never,
): Promise<ParsedMessage<A>> {
  const parser = new BoundedMailParser({
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  let headers: Headers = new Map();
  let headerLines: { key: string; line: string }[] = [];
  let text: MessageText | undefined;
  const kept: ({ filename: string; contentType: string } & A)[] = [];
  const pending: Promise<void>[] = [];
  const contents: Readable[] = [];
  const passed = new Set<unknown>();
  return new Promise<ParsedMessage<A>>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      for (const content of contents) content.destroy();
      parser.destroy();
      if (!Buffer.isBuffer(input)) input.destroy();
      reject(
        passed.has(error)
          ? error
          : new Unparseable(error instanceof Error ? error.message : "unparseable"),
      );
    };
    parser.on("headers", (found: Headers) => {
      headers = found;
    });
    parser.on("headerLines", (found: { key: string; line: string }[]) => {
      headerLines = found;
    });
    parser.on("data", (data: AttachmentStream | MessageText) => {
      if (data.type === "text") {
        text = data;
        return;
      }
      const content = data.content as Readable;
      if (kept.length >= limits.attachments) {
        // Counted out: read to its end (never stored), so that parsing goes on.
        content.once("end", () => data.release());
        // Its decoding errors are nothing to us (it is not kept), never an uncaught one.
        content.on("error", () => undefined);
        content.resume();
        return;
      }
      const index = kept.length;
      const entry = {
        filename: filenameOf(data.filename),
        contentType: contentTypeOf(data.contentType),
      };
      kept.push(entry as { filename: string; contentType: string } & A);
      contents.push(content);
      pending.push(
        keep(content).then(
          (stored) => {
            kept[index] = { ...entry, ...stored };
            data.release();
          },
          (error: unknown) => {
            passed.add(error);
            fail(error);
          },
        ),
      );
    });
    parser.on("error", fail);
    parser.on("end", () => {
      Promise.all(pending).then(() => {
        if (!failed) resolve(messageOf(headers, headerLines, text, kept));
      }, fail);
    });
    if (Buffer.isBuffer(input)) {
      parser.end(input);
    } else {
      input.on("error", (error) => {
        passed.add(error);
        fail(error);
      });
      input.pipe(parser);
    }
  });
}

function messageOf<A>(
  headers: Headers,
  headerLines: { key: string; line: string }[],
  parts: MessageText | undefined,
  attachments: ({ filename: string; contentType: string } & A)[],
): ParsedMessage<A> {
  const header = (key: string) => headers.get(key);
  const text =
    typeof parts?.text === "string" && parts.text.trim()
      ? parts.text
      : typeof parts?.html === "string"
        ? htmlToText(parts.html)
        : "";
  const body = storedText(text, limits.body);
  const first = addressesOf(header("from") as AddressObject | undefined)[0];
  const messageIds = (value: unknown) =>
    (Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "").match(
      /<[^<>\s]{1,500}>/g,
    ) ?? [];
  const inReplyTo = messageIds(header("in-reply-to"));
  const to = header("to") as AddressObject | AddressObject[] | undefined;
  const cc = header("cc") as AddressObject | AddressObject[] | undefined;
  const delivered = header("delivered-to") as AddressObject | undefined;
  const subject = header("subject");
  return {
    messageId: messageIds(header("message-id"))[0] ?? null,
    inReplyTo: inReplyTo[0] ?? null,
    replyingTo: [...new Set([...inReplyTo, ...messageIds(header("references")).reverse()])].slice(
      0,
      limits.replyingTo,
    ),
    from: {
      address: storedLine(first?.address ?? "", limits.address),
      name: storedLine(first?.name ?? "", limits.name),
    },
    to: storedLine(textOf(to), limits.line),
    recipients: [...addressesOf(to), ...addressesOf(cc), ...addressesOf(delivered)]
      .map((entry) => entry.address ?? "")
      .filter(Boolean),
    subject: storedLine(typeof subject === "string" ? subject : "", limits.line),
    body,
    visible: visibleText(body),
    attachments,
    automatic: automaticByHeaders(headerLines),
  };
}

/** Every address of an address header (groups flattened). */
function addressesOf(header: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const flat = (entries: EmailAddress[]): EmailAddress[] =>
    entries.flatMap((entry) => (entry.group ? flat(entry.group) : [entry]));
  return objects.flatMap((object) => (Array.isArray(object?.value) ? flat(object.value) : []));
}

function textOf(header: AddressObject | AddressObject[] | undefined): string {
  if (!header) return "";
  return (Array.isArray(header) ? header : [header]).map((object) => object.text).join(", ");
}

/** The sender's name for a file, as a name only (never a path), one line. */
function filenameOf(name: string | undefined): string {
  const base =
    storedLine(name ?? "", 1000)
      .split(/[/\\]/)
      .pop() ?? "";
  return base.replace(/^\.+/, "").slice(0, limits.filename) || "attachment";
}

/** The sender's type of a file, kept for the list only (it is always sent as bytes). */
function contentTypeOf(type: string | undefined): string {
  const value = (type ?? "").toLowerCase().trim();
  return /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(value)
    ? value
    : "application/octet-stream";
}
