import type http from "node:http";
import { startHttpReceiver } from "./http-receiver.ts";

export interface ChatRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body (undefined when it was not JSON). */
  json: unknown;
  /** The status the receiver answered. */
  status: number;
}

export interface Answer {
  status: number;
  body?: string;
  type?: string;
}

export interface ChatReceiver {
  url: string;
  received: ChatRequest[];
  /** The requests the receiver accepted (a 2xx answer). */
  accepted: () => ChatRequest[];
  /** From now on answer every request with this (the service refusing, or failing). */
  refuse: (answer: Answer) => void;
  /** Back to judging each request as the service would. */
  accept: () => void;
  stop: () => Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that records every POST and answers as `judge` says: a test
 * stand-in for Slack, Discord or Teams, each judging payloads by the platform's documented rules.
 */
async function startReceiver(
  webhookPath: string,
  judge: (request: Omit<ChatRequest, "status">) => Answer,
): Promise<ChatReceiver> {
  const received: ChatRequest[] = [];
  let forced: Answer | undefined;
  const receiver = await startHttpReceiver((request, body, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {}
    const seen = {
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      json,
    };
    const answer =
      request.method !== "POST"
        ? { status: 405 }
        : url.pathname !== webhookPath
          ? { status: 404, body: "no_service" }
          : (forced ?? judge(seen));
    received.push({ ...seen, status: answer.status });
    response
      .writeHead(answer.status, answer.body ? { "Content-Type": answer.type ?? "text/plain" } : {})
      .end(answer.body ?? "");
  });
  return {
    url: `${receiver.origin}${webhookPath}`,
    received,
    accepted: () => received.filter((request) => request.status >= 200 && request.status < 300),
    refuse: (answer) => {
      forced = answer;
    },
    accept: () => {
      forced = undefined;
    },
    stop: receiver.stop,
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textLength = (value: unknown) => (typeof value === "string" ? [...value].length : -1);
const within = (value: unknown, min: number, max: number) =>
  textLength(value) >= min && textLength(value) <= max;

/** Slack's text object: plain_text or mrkdwn, 1 to `max` characters. */
function slackTextObject(value: unknown, max: number, plainOnly = false): boolean {
  if (!isObject(value)) return false;
  const typeOk = value.type === "plain_text" || (!plainOnly && value.type === "mrkdwn");
  return typeOk && within(value.text, 1, max);
}

function slackBlock(block: unknown): boolean {
  if (!isObject(block)) return false;
  switch (block.type) {
    case "header":
      return slackTextObject(block.text, 150, true);
    case "section": {
      const fields = block.fields;
      if (fields !== undefined) {
        if (!Array.isArray(fields) || fields.length < 1 || fields.length > 10) return false;
        if (!fields.every((field) => slackTextObject(field, 2000))) return false;
      }
      if (block.text !== undefined && !slackTextObject(block.text, 3000)) return false;
      return fields !== undefined || block.text !== undefined;
    }
    case "actions":
      return (
        Array.isArray(block.elements) &&
        block.elements.length >= 1 &&
        block.elements.length <= 25 &&
        block.elements.every(
          (element) =>
            isObject(element) &&
            element.type === "button" &&
            slackTextObject(element.text, 75, true) &&
            within(element.url, 1, 3000),
        )
      );
    default:
      return false;
  }
}

/**
 * Slack's incoming webhook: 200 `ok`, or 400 with its error word (`invalid_payload`,
 * `no_text`, `invalid_blocks`), as https://docs.slack.dev/messaging/sending-messages-using-incoming-webhooks
 * describes. Blocks are checked against the limits of the Block Kit reference.
 */
export function startSlackReceiver() {
  return startReceiver("/services/T000/B000/slack-secret", ({ json }) => {
    if (!isObject(json)) return { status: 400, body: "invalid_payload" };
    if (!within(json.text, 1, 40_000)) return { status: 400, body: "no_text" };
    const blocks = json.blocks;
    if (
      blocks !== undefined &&
      !(Array.isArray(blocks) && blocks.length <= 50 && blocks.every(slackBlock))
    ) {
      return { status: 400, body: "invalid_blocks" };
    }
    return { status: 200, body: "ok" };
  });
}

/** Discord's refusal of a payload that breaks its limits. */
const invalidFormBody = (errors: Json): Answer => ({
  status: 400,
  type: "application/json",
  body: JSON.stringify({ message: "Invalid Form Body", code: 50035, errors }),
});

/**
 * Discord's "Execute Webhook" (https://discord.com/developers/docs/resources/webhook): with
 * `?wait=true` a 200 and the message object, without it a 204 before anything is checked
 * (the receiver records that); a payload breaking the documented limits gets Discord's 400
 * (`50035 Invalid Form Body`), an empty one `50006 Cannot send an empty message`.
 */
export function startDiscordReceiver() {
  let nextId = 1_000_000n;
  return startReceiver("/api/webhooks/123456/discord-secret", ({ json, query }) => {
    if (query.get("wait") !== "true") return { status: 204 };
    if (!isObject(json)) return invalidFormBody({ _errors: [{ code: "BASE_TYPE_BAD_JSON" }] });
    const { content, embeds, allowed_mentions: mentions } = json;
    const hasContent = typeof content === "string" && content.length > 0;
    const hasEmbeds = Array.isArray(embeds) && embeds.length > 0;
    if (!hasContent && !hasEmbeds) {
      return {
        status: 400,
        type: "application/json",
        body: JSON.stringify({ message: "Cannot send an empty message", code: 50006 }),
      };
    }
    if (content !== undefined && !within(content, 0, 2000)) {
      return invalidFormBody({ content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } });
    }
    if (embeds !== undefined) {
      if (!Array.isArray(embeds) || embeds.length > 10) {
        return invalidFormBody({ embeds: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } });
      }
      let total = 0;
      for (const [index, embed] of embeds.entries()) {
        const bad = () =>
          invalidFormBody({ embeds: { [index]: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } });
        if (!isObject(embed)) return bad();
        if (embed.title !== undefined && !within(embed.title, 1, 256)) return bad();
        if (embed.description !== undefined && !within(embed.description, 1, 4096)) return bad();
        if (embed.url !== undefined && typeof embed.url !== "string") return bad();
        const fields = embed.fields ?? [];
        if (!Array.isArray(fields) || fields.length > 25) return bad();
        for (const field of fields) {
          if (!isObject(field) || !within(field.name, 1, 256) || !within(field.value, 1, 1024)) {
            return bad();
          }
          total += textLength(field.name) + textLength(field.value);
        }
        total += Math.max(0, textLength(embed.title)) + Math.max(0, textLength(embed.description));
      }
      if (total > 6000)
        return invalidFormBody({ embeds: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } });
    }
    if (mentions !== undefined) {
      const parse = isObject(mentions) ? mentions.parse : undefined;
      const allowed = ["roles", "users", "everyone"];
      if (
        parse !== undefined &&
        !(Array.isArray(parse) && parse.every((p) => allowed.includes(p)))
      ) {
        return invalidFormBody({ allowed_mentions: { _errors: [{ code: "ENUM_TYPE_COERCE" }] } });
      }
    }
    const id = String(nextId++);
    return {
      status: 200,
      type: "application/json",
      body: JSON.stringify({
        id,
        type: 0,
        channel_id: "42",
        content: content ?? "",
        embeds: embeds ?? [],
      }),
    };
  });
}

/**
 * A Teams Workflows webhook ("When a Teams webhook request is received", then "Post card in a
 * chat or channel"): 202 Accepted for a message carrying an Adaptive Card attachment, 400
 * otherwise (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook).
 */
export function startTeamsReceiver() {
  return startReceiver("/workflows/teams-secret/triggers/manual/paths/invoke", ({ json }) => {
    const refuse = (message: string): Answer => ({
      status: 400,
      type: "application/json",
      body: JSON.stringify({ error: { code: "InvalidRequestContent", message } }),
    });
    if (!isObject(json) || json.type !== "message") return refuse("type must be message");
    const attachments = json.attachments;
    if (!Array.isArray(attachments) || attachments.length === 0) return refuse("no attachments");
    for (const attachment of attachments) {
      if (!isObject(attachment)) return refuse("bad attachment");
      if (attachment.contentType !== "application/vnd.microsoft.card.adaptive") {
        return refuse("contentType must be an Adaptive Card");
      }
      const card = attachment.content;
      if (!isObject(card) || card.type !== "AdaptiveCard" || typeof card.version !== "string") {
        return refuse("content must be an AdaptiveCard with a version");
      }
      if (
        !Array.isArray(card.body) ||
        !card.body.every((element) => isObject(element) && typeof element.type === "string")
      ) {
        return refuse("body must be a list of elements");
      }
    }
    return { status: 202 };
  });
}
