import { chatChannels } from "../chat/channels.ts";
import { replyNotice } from "../chat/reply-notice.ts";
import { mailDomain } from "../messages.ts";
import { configuredNames, noticeOptions, onDemandChatKind } from "./chat.ts";
import type { DeliveryJob, DeliveryKind, KindConfig } from "./kind.ts";

/**
 * "New reply from <name>": made on demand by the inbound feature when a reply comes back to an
 * application that had none unread (server/db/received-messages.ts), one per configured
 * channel, in the transaction that stores the reply. Not sent once the reply was read or
 * answered meanwhile (new_reply back to 0), nor for spam.
 */
async function skipReason({ application }: DeliveryJob): Promise<string | undefined> {
  if (application.isSpam === 1) return "spam";
  if (application.newReply === 0) return "read";
  return undefined;
}

/** By email to the owner (the team, TEAM_EMAIL, without one): who replied and the link. */
export const replyNoticeEmailKind = {
  name: "reply_notice_email",
  made: "on-demand",
  configured: () => true,
  skipReason,
  async send(job, { config, mailer }) {
    const owner = job.owner ?? undefined;
    const notice = replyNotice(job.application, owner, noticeOptions(config));
    await mailer.send({
      from: config.MAIL_FROM,
      to: owner ? owner.email : config.TEAM_EMAIL,
      subject: notice.subject,
      // One per delivery: a repeat after a crash is recognisable by its receiver.
      messageId: `<${job.delivery.id}.reply-notice@${mailDomain(config.MAIL_FROM)}>`,
      text: `${notice.subject} — ${notice.link?.url ?? ""}\n\n${notice.lines.join("\n")}\n`,
    });
  },
} as const satisfies DeliveryKind<"reply_notice_email">;

/** On a chat channel, naming the owner. */
export const chatReplyNoticeKinds = chatChannels.map((channel) =>
  onDemandChatKind(
    "reply_notice",
    channel,
    (job, context) =>
      replyNotice(job.application, job.owner ?? undefined, noticeOptions(context.config)),
    skipReason,
  ),
);

/** The notices a reply makes with this configuration: the email, and each chat set up. */
export function replyNoticeKinds(config: KindConfig): string[] {
  return configuredNames([replyNoticeEmailKind, ...chatReplyNoticeKinds], config);
}
