import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { MessageCursor } from "../db/messages.ts";

/** A page's place in a list of messages, as a link carries it: `<ms>_<uuid>`. */
export const messageCursorText = (cursor: MessageCursor) => `${cursor.createdAt}_${cursor.id}`;

/** The cursor a link carried; undefined for anything else (the newest page is shown). */
export function parseMessageCursor(text: string | undefined | null): MessageCursor | undefined {
  const match = /^(\d{1,15})_(.+)$/.exec(text ?? "");
  if (!match?.[1] || !match[2] || !uuidPattern.test(match[2])) return undefined;
  return { createdAt: Number(match[1]), id: match[2].toLowerCase() };
}
