import type { ThreadMessage } from "#app/shared/team-port.ts";
import type { ShownMessage } from "../db/messages.ts";

/** The results of a message's checks, as stored ({"spf":"pass",…}); none when unreadable. */
function authOf(stored: string | null): ThreadMessage["auth"] {
  if (!stored) return undefined;
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    const value = (key: string) => (typeof parsed[key] === "string" ? parsed[key] : undefined);
    return { spf: value("spf"), dkim: value("dkim"), dmarc: value("dmarc") };
  } catch {
    return undefined;
  }
}

/**
 * A stored message as the team's pages show it (text only: HTML is never kept), its long
 * texts cut to the page's bounds (`cut`: the whole is in its raw .eml).
 */
export function threadMessageOf(message: ShownMessage): ThreadMessage {
  return {
    id: message.id,
    direction: message.direction,
    source: message.direction === "in" ? "received" : message.memberEmail ? "reply" : "system",
    createdAt: message.createdAt,
    from: message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress,
    to: message.toAddress,
    subject: message.subject,
    visible: message.visible,
    full: message.body.trim() !== message.visible.trim() ? message.body : undefined,
    memberEmail: message.memberEmail,
    auth: authOf(message.auth),
    flag: message.flag ?? undefined,
    attachments: message.attachments.map(({ id, filename, contentType, size }) => ({
      id,
      filename,
      contentType,
      size,
    })),
    moreAttachments: message.moreAttachments || undefined,
    cut: message.cut || undefined,
    raw: message.direction === "in" && message.rawFile !== null,
  };
}
