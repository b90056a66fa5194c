import { convert } from "html-to-text";
import { type AddressObject, type EmailAddress, simpleParser } from "mailparser";
import { automaticByHeaders } from "./automatic-mail.ts";
import { storedLine, storedText } from "./stored-text.ts";
import { visibleText } from "./visible-text.ts";

/** What is kept of a message that came in, besides its raw bytes. */
export interface ParsedMessage {
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
  attachments: { filename: string; contentType: string; content: Buffer }[];
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
} as const;

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
 * Parses a raw message (already bounded by the caller: INBOUND_MAX_BYTES) with mailparser.
 * Attachments stay bytes: nothing is unpacked, decompressed or rendered.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  const mail = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const text =
    typeof mail.text === "string" && mail.text.trim()
      ? mail.text
      : typeof mail.html === "string"
        ? htmlToText(mail.html)
        : "";
  const body = storedText(text, limits.body);
  const first = addressesOf(mail.from)[0];
  const messageIds = (value: unknown) =>
    (Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "").match(
      /<[^<>\s]{1,500}>/g,
    ) ?? [];
  const inReplyTo = messageIds(mail.inReplyTo);
  const delivered = mail.headers.get("delivered-to") as AddressObject | undefined;
  return {
    messageId: messageIds(mail.messageId)[0] ?? null,
    inReplyTo: inReplyTo[0] ?? null,
    replyingTo: [...new Set([...inReplyTo, ...messageIds(mail.references).reverse()])].slice(
      0,
      limits.replyingTo,
    ),
    from: {
      address: storedLine(first?.address ?? "", limits.address),
      name: storedLine(first?.name ?? "", limits.name),
    },
    to: storedLine(textOf(mail.to), limits.line),
    recipients: [...addressesOf(mail.to), ...addressesOf(mail.cc), ...addressesOf(delivered)]
      .map((entry) => entry.address ?? "")
      .filter(Boolean),
    subject: storedLine(mail.subject ?? "", limits.line),
    body,
    visible: visibleText(body),
    attachments: mail.attachments.slice(0, limits.attachments).map((attachment) => ({
      filename: filenameOf(attachment.filename),
      contentType: contentTypeOf(attachment.contentType),
      content: attachment.content,
    })),
    automatic: automaticByHeaders(mail.headerLines ?? []),
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
