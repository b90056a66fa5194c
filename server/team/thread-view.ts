import { emails } from "#app/content/emails.ts";
import { team } from "#app/content/team.ts";
import { ownEntry } from "#app/shared/own-entry.ts";
import type { ThreadMessage } from "#app/shared/team-port.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import type { ShownMessage } from "../db/messages.ts";
import type { Application, Delivery } from "../db/schema.ts";

/** The addresses the product's own emails go from and to. */
export type ThreadMail = { MAIL_FROM: string; TEAM_EMAIL: string };

/** The emails the product sends on its own that the thread shows, by their delivery's kind. */
const systemKinds = ["team_notification", "applicant_confirmation"] as const;

const mailbox = (name: string, address: string) =>
  name ? `${oneLine(name)} <${address}>` : address;

/** The SPF, DKIM and DMARC results of a message of theirs, from its `auth` JSON. */
function authOf(json: string | null): ThreadMessage["auth"] {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const results = parsed as Record<string, unknown>;
    const text = (key: string) =>
      typeof results[key] === "string" ? (results[key] as string) : undefined;
    return { spf: text("spf"), dkim: text("dkim"), dmarc: text("dmarc") };
  } catch {
    return undefined;
  }
}

/**
 * A page of an application's thread as it shows it, oldest first: its messages in and out (ours
 * with the state of the delivery that sends it; theirs with its checks, attachments and folded
 * quote), and the team notification and the applicant's confirmation as `system` entries from
 * their deliveries. Text only: nothing here is ever HTML.
 */
export function threadView(
  application: Pick<Application, "name" | "email" | "selectedPlan">,
  messages: readonly ShownMessage[],
  deliveries: readonly Delivery[],
  mail: ThreadMail,
  /** The page holds the thread's first message: the product's own emails come with it. */
  first = true,
): ThreadMessage[] {
  const statusOf = new Map(deliveries.map((delivery) => [delivery.id, delivery.status]));
  const stored = messages.map(
    (message): ThreadMessage => ({
      id: message.id,
      direction: message.direction,
      source: message.direction === "out" ? "reply" : "received",
      createdAt: Number(message.createdAt),
      from: mailbox(message.fromName, message.fromAddress),
      to: message.toAddress,
      subject: message.subject,
      visible: message.visible,
      full:
        message.direction === "in" && message.body !== message.visible ? message.body : undefined,
      memberEmail: message.memberEmail,
      deliveryStatus: message.deliveryId ? statusOf.get(message.deliveryId) : undefined,
      auth: message.direction === "in" ? authOf(message.auth) : undefined,
      flag: message.direction === "in" ? (message.flag ?? undefined) : undefined,
      attachments: message.attachments.map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: Number(attachment.size),
      })),
      moreAttachments: message.moreAttachments || undefined,
      cut: message.cut || undefined,
      raw: message.direction === "in" && message.rawFile !== null,
    }),
  );
  if (!first) return stored;
  const name = oneLine(application.name);
  const plan = application.selectedPlan;
  // In the order of `systemKinds` (made at the same time, they keep it below).
  const system = systemKinds
    .flatMap((kind) => deliveries.filter((delivery) => delivery.kind === kind))
    .map(
      (delivery): ThreadMessage => ({
        id: delivery.id,
        direction: "out",
        source: "system",
        createdAt: Number(delivery.createdAt),
        from: mail.MAIL_FROM,
        to: delivery.kind === "team_notification" ? mail.TEAM_EMAIL : application.email,
        subject:
          delivery.kind === "team_notification"
            ? fill(emails.team.subject, { name, plan })
            : fill(emails.confirmation.subject, { plan }),
        visible: ownEntry(team.application.thread.system, delivery.kind) ?? "",
        deliveryStatus: delivery.status,
        attachments: [],
      }),
    );
  // Oldest first; at the same time, the product's own emails before the messages.
  return [...system, ...stored].sort((a, b) => a.createdAt - b.createdAt);
}
