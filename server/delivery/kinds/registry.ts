import { DeliveryError } from "../error-class.ts";
import { alertEmailKind } from "./alert-email.ts";
import { chatAlertKinds, chatAnnouncementKinds } from "./chat.ts";
import {
  chatClientCommentsKinds,
  clientCommentsEmailKind,
  teamCommentsEmailKind,
} from "./comment-notice.ts";
import {
  chatCutMissedKinds,
  chatCutReminderKinds,
  cutMissedEmailKind,
  cutReminderEmailKind,
} from "./cut-clock.ts";
import { cutReadyEmailKind } from "./cut-ready.ts";
import { applicantConfirmationKind, teamNotificationKind } from "./emails.ts";
import { chatFootageNoticeKinds, footageNoticeEmailKind } from "./footage-notice.ts";
import type { DeliveryJob, DeliveryKind, KindConfig, SendContext } from "./kind.ts";
import { portalInviteKind } from "./portal-invite.ts";
import { postWaitingEmailKind } from "./post-waiting.ts";
import {
  chatMissedKinds,
  chatReminderKinds,
  missedEmailKind,
  reminderEmailKind,
} from "./promise.ts";
import { replyEmailKind } from "./reply.ts";
import { chatReplyNoticeKinds, replyNoticeEmailKind } from "./reply-notice.ts";
import { webhookKind } from "./webhook.ts";

/**
 * Every kind of delivery, in the order an application's are made. The worker, the team's
 * pages, alerts, metrics and the configuration read this list; nothing else names a kind.
 * A new kind: its module, one line here, its label in the team's copy (docs/contributing.md).
 */
export const deliveryKinds = [
  teamNotificationKind,
  applicantConfirmationKind,
  webhookKind,
  ...chatAnnouncementKinds,
  reminderEmailKind,
  ...chatReminderKinds,
  missedEmailKind,
  ...chatMissedKinds,
  alertEmailKind,
  ...chatAlertKinds,
  replyNoticeEmailKind,
  ...chatReplyNoticeKinds,
  replyEmailKind,
  portalInviteKind,
  footageNoticeEmailKind,
  ...chatFootageNoticeKinds,
  cutReadyEmailKind,
  clientCommentsEmailKind,
  ...chatClientCommentsKinds,
  teamCommentsEmailKind,
  cutReminderEmailKind,
  ...chatCutReminderKinds,
  cutMissedEmailKind,
  ...chatCutMissedKinds,
  postWaitingEmailKind,
] as const;

export type DeliveryKindName = (typeof deliveryKinds)[number]["name"];

/** What the worker and the composition root ask of a list of kinds. */
export interface KindRegistry {
  readonly names: readonly string[];
  /** The kind of that name, if it is registered. */
  named(name: string): DeliveryKind | undefined;
  /** The kinds made on `occasion` that this configuration can send. */
  made(occasion: DeliveryKind["made"], config: KindConfig): string[];
  /** The scheduled kinds this configuration makes, each with its time from the due time. */
  scheduled(config: KindConfig): { kind: string; fromDueMs: number }[];
  /** Sends a claimed delivery by its kind; an unknown kind fails for good, never "sent". */
  send(job: DeliveryJob, context: SendContext): Promise<void>;
  /** Why a claimed delivery should not be sent now, if its kind says so. */
  skipReason(job: DeliveryJob, context: SendContext): Promise<string | undefined>;
}

export function createKindRegistry(kinds: readonly DeliveryKind[]): KindRegistry {
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  if (byName.size !== kinds.length) throw new Error("two delivery kinds have the same name");
  const kindOf = (job: DeliveryJob) => {
    const kind = byName.get(job.delivery.kind);
    if (!kind) {
      throw new DeliveryError(`unknown delivery kind "${job.delivery.kind}"`, "unknown_kind", {
        permanent: true,
      });
    }
    return kind;
  };
  return {
    names: kinds.map((kind) => kind.name),
    named: (name) => byName.get(name),
    made: (occasion, config) =>
      kinds
        .filter((kind) => kind.made === occasion && kind.configured(config))
        .map((kind) => kind.name),
    scheduled: (config) =>
      kinds.flatMap((kind) => {
        const fromDueMs = kind.made === "scheduled" ? kind.fromDueMs?.(config) : undefined;
        return fromDueMs !== undefined && kind.configured(config)
          ? [{ kind: kind.name, fromDueMs }]
          : [];
      }),
    send: async (job, context) => kindOf(job).send(job, context),
    skipReason: async (job, context) => byName.get(job.delivery.kind)?.skipReason?.(job, context),
  };
}

/** The product's kinds. */
export const kindRegistry = createKindRegistry(deliveryKinds);
