import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { ownEntry } from "~/shared/own-entry";
import type { ThreadMessage } from "~/shared/team-port";
import { fill } from "~/shared/text";
import { AttachmentList } from "./attachment-list";
import { ListOrNone } from "./list-or-none";
import { Moment } from "./moment";
import { Checks, SenderBadge } from "./sender-badge";
import { WholeMessage } from "./whole-message";

const copy = team.application;

const statusTones: Record<string, string> = {
  pending: "bg-white/10 text-zinc-200",
  done: "bg-emerald-400/15 text-emerald-200",
  failed: "bg-rose-500/20 text-rose-200",
  skipped: "bg-amber-400/15 text-amber-200",
};

/**
 * Every email of an application, oldest first: the product's own (the team notification, the
 * applicant's confirmation), the members' replies with their state (Sending, Sent, Failed) and
 * the applicant's, with what their server's checks found, their attachments and their quoted
 * history folded away. Text only: React writes it as text, never as HTML. A page of it: the
 * newest emails, with a link to the earlier ones (`earlierHref`) and back (`newestHref`).
 */
export function Thread(props: {
  thread: readonly ThreadMessage[];
  /** How many emails the thread holds in all. */
  count: number;
  earlierHref?: string;
  newestHref?: string;
}) {
  const { thread, count, earlierHref, newestHref } = props;
  const shown = thread.filter((message) => message.source !== "system").length;
  return (
    <section id="thread" aria-labelledby="thread-title" className="scroll-mt-4">
      <h2 id="thread-title" className="text-xl font-bold text-white">
        {copy.threadTitle}
      </h2>
      {earlierHref || newestHref ? (
        <p className="mt-1 text-sm text-zinc-400">
          {fill(newestHref ? copy.thread.countEarlier : copy.thread.count, {
            count: String(count),
            shown: String(shown),
          })}
        </p>
      ) : null}
      {earlierHref ? <PageLink href={earlierHref}>{copy.thread.earlier}</PageLink> : null}
      <ListOrNone items={thread} none={copy.noThread} className="gap-3" ordered>
        {(message) => <ThreadEntry key={message.id} message={message} />}
      </ListOrNone>
      {newestHref ? <PageLink href={newestHref}>{copy.thread.newest}</PageLink> : null}
    </section>
  );
}

function PageLink({ href, children }: { href: string; children: string }) {
  return (
    <p className="mt-3">
      <a href={href} className="text-sm text-brand-300 underline underline-offset-4">
        {children}
      </a>
    </p>
  );
}

function ThreadEntry({ message }: { message: ThreadMessage }) {
  const theirs = message.direction === "in";
  const system = message.source === "system";
  return (
    <li
      className={`min-w-0 rounded-2xl border p-4 ${theirs ? "border-sky-400/20 bg-sky-400/5" : system ? "border-white/5 bg-white/[0.02]" : "border-white/10 bg-surface"}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold break-all text-white">{message.from}</span>
        {message.deliveryStatus ? <DeliveryBadge status={message.deliveryStatus} /> : null}
        {theirs ? <SenderBadge auth={message.auth} /> : null}
      </p>
      <p className="mt-1 text-xs break-all text-zinc-400">
        <Moment ms={message.createdAt} /> ·{" "}
        {/* Theirs came to the application's own reply address: ours, never theirs to show. */}
        {theirs ? copy.thread.toTeam : fill(copy.thread.to, { to: message.to })}
        {message.source === "reply" && message.memberEmail
          ? ` · ${fill(copy.thread.sentBy, { member: message.memberEmail })}`
          : null}
      </p>
      {theirs && message.flag ? <FlagNote id={message.id} flag={message.flag} /> : null}
      <p className="mt-2 font-semibold break-words text-zinc-100">{message.subject}</p>
      {message.visible ? (
        <p
          className={`mt-2 break-words whitespace-pre-wrap ${system ? "text-sm text-zinc-400" : "text-zinc-100"}`}
        >
          {message.visible}
        </p>
      ) : null}
      {message.full ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-zinc-400">{copy.thread.quoted}</summary>
          <p className="mt-2 border-l-2 border-white/10 pl-3 text-sm break-words whitespace-pre-wrap text-zinc-300">
            {message.full}
          </p>
        </details>
      ) : null}
      <AttachmentList attachments={message.attachments} label={copy.thread.attachments} />
      {theirs ? <Checks auth={message.auth} /> : null}
      <WholeMessage message={message} />
    </li>
  );
}

/**
 * Why a message of theirs is no new reply (decision 0063). From another address than the
 * applicant's: a member confirms it is theirs (then it is a new reply) or moves it to
 * Unmatched; both are forms, without JavaScript too.
 */
function FlagNote({ id, flag }: { id: string; flag: NonNullable<ThreadMessage["flag"]> }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
      <p>{copy.thread.flags[flag]}</p>
      {flag === "sender" ? (
        <>
          <MessageAction id={id} intent="confirm-sender" label={copy.thread.confirmSender} />
          <MessageAction id={id} intent="unmatch" label={copy.thread.toUnmatched} />
        </>
      ) : null}
    </div>
  );
}

/** A form with one button that posts `intent` on the message `id` to the page's own action. */
function MessageAction(props: { id: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="message" value={props.id} />
      <button type="submit" className={buttonClass("outline", "sm")}>
        {props.label}
      </button>
    </Form>
  );
}

function DeliveryBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs ${statusTones[status] ?? statusTones.pending}`}
    >
      {ownEntry(copy.thread.statuses, status) ?? status}
    </span>
  );
}
