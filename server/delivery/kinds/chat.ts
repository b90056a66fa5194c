import type { ChatChannel } from "../chat/channel.ts";
import { chatChannels } from "../chat/channels.ts";
import { alertNotice, applicationNotice, type Notice } from "../chat/notice.ts";
import { DeliveryError } from "../error-class.ts";
import type { DeliveryJob, DeliveryKind, KindConfig, SendContext } from "./kind.ts";

export type Channel = (typeof chatChannels)[number];

/** Posts a notice to the channel, or says its variable is not set (an operator removed it). */
export async function postTo(
  channel: ChatChannel,
  config: KindConfig,
  notice: Notice,
): Promise<void> {
  const url = config[channel.variable as keyof KindConfig];
  if (typeof url !== "string" || !url) {
    throw new DeliveryError(`${channel.variable} is not set`, "not_configured");
  }
  await channel.post(url, notice);
}

export const noticeOptions = (config: KindConfig) => ({ siteUrl: config.PUBLIC_SITE_URL ?? "" });
export const isSet = (channel: ChatChannel) => (config: KindConfig) =>
  Boolean(config[channel.variable as keyof KindConfig]);

/** An application announced on a channel: who applied, plan, platform, audience, a link. */
function announcement<C extends Channel>(channel: C) {
  return {
    name: channel.name,
    made: "application",
    configured: isSet(channel),
    send: ({ application, owner }: DeliveryJob, { config }: { config: KindConfig }) =>
      postTo(channel, config, applicationNotice(application, { ...noticeOptions(config), owner })),
  } as const satisfies DeliveryKind<C["name"]>;
}

/** A delivery that failed for good, told on a channel (docs/decisions/0041). */
function alert<C extends Channel>(channel: C) {
  return {
    name: `alert_${channel.name}` as `alert_${C["name"]}`,
    made: "alert",
    configured: isSet(channel),
    send: ({ delivery }: DeliveryJob, { config }: { config: KindConfig }) =>
      postTo(channel, config, alertNotice(delivery, noticeOptions(config))),
  } as const satisfies DeliveryKind;
}

export const chatAnnouncementKinds = chatChannels.map(announcement);
export const chatAlertKinds = chatChannels.map(alert);

/**
 * A notice a feature makes on demand (a reply come back, new footage), posted on a channel as
 * `<prefix>_<channel>`: what it says, and why it should not go now, if so.
 */
export function onDemandChatKind<P extends string, C extends Channel>(
  prefix: P,
  channel: C,
  notice: (job: DeliveryJob, context: SendContext) => Notice | Promise<Notice>,
  skipReason: (job: DeliveryJob, context: SendContext) => Promise<string | undefined>,
) {
  return {
    name: `${prefix}_${channel.name}` as `${P}_${C["name"]}`,
    made: "on-demand",
    configured: isSet(channel),
    skipReason,
    async send(job: DeliveryJob, context: SendContext) {
      await postTo(channel, context.config, await notice(job, context));
    },
  } as const satisfies DeliveryKind;
}

/** The names of those `kinds` this configuration can send. */
export function configuredNames(kinds: readonly DeliveryKind[], config: KindConfig): string[] {
  return kinds.filter((kind) => kind.configured(config)).map((kind) => kind.name);
}
