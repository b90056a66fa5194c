import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { team } from "~/content/team";
import { searchMaxLength } from "~/shared/inbox-query";
import type { ThreadMessage } from "~/shared/team-port";
import type { ApplicationChoice } from "~/shared/unmatched-port";
import { ApplicationChoices } from "./application-choices";
import { AttachmentList } from "./attachment-list";
import { Moment } from "./moment";
import { Checks, SenderBadge } from "./sender-badge";
import { WholeMessage } from "./whole-message";

const copy = team.unmatched;

/**
 * One email that matched no application: who sent it to which address, when, what it says
 * (text only: React escapes it; HTML was never kept), its attachments (downloads), and the two
 * forms, Attach to application and Delete, which work without JavaScript. Attach takes an
 * application's id or page, or part of the applicant's name or email: then the applications
 * it matches come back as `choices`, each a button that attaches.
 */
export function UnmatchedMessage(props: {
  message: ThreadMessage;
  /** Where its forms post: the page it is listed on. */
  action: string;
  error?: string;
  /** What the member typed in Attach to application, shown again. */
  typed?: string;
  choices?: { list: ApplicationChoice[]; more: boolean };
}) {
  const { message, error } = props;
  const titleId = `message-${message.id}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="rounded-2xl border border-white/10 bg-surface p-4 sm:p-5"
      >
        <h2 id={titleId} className="text-lg font-bold break-words text-white">
          {message.subject || copy.noSubject}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-400">{copy.from}</dt>
          <dd className="min-w-0 break-words text-zinc-200">{message.from}</dd>
          <dt className="text-zinc-400">{copy.to}</dt>
          <dd className="min-w-0 break-words text-zinc-200">{message.to}</dd>
          <dt className="text-zinc-400">{copy.received}</dt>
          <dd className="text-zinc-200">
            <Moment ms={message.createdAt} />
          </dd>
        </dl>
        {message.flag ? (
          <p className="mt-3 text-sm text-amber-200">
            {team.application.thread.flags[message.flag]}
          </p>
        ) : null}
        <p className="mt-3 whitespace-pre-line break-words text-zinc-100">{message.visible}</p>
        {message.full ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-300">{copy.fullText}</summary>
            <p className="mt-2 whitespace-pre-line break-words text-zinc-300">{message.full}</p>
          </details>
        ) : null}
        {message.auth ? (
          <div className="mt-2">
            <SenderBadge auth={message.auth} />
            <Checks auth={message.auth} />
          </div>
        ) : null}
        <AttachmentList attachments={message.attachments} label={copy.attachmentsLabel} />
        <WholeMessage message={message} />
        {error ? (
          <p role="alert" className="mt-3 rounded-xl bg-rose-500/10 px-3 py-2 text-rose-200">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Form
            method="post"
            action={props.action}
            noValidate
            className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-end"
          >
            <input type="hidden" name="intent" value="attach" />
            <input type="hidden" name="message" value={message.id} />
            <div className="min-w-0 flex-1">
              <Field
                name={`application-${message.id}`}
                label={copy.applicationLabel}
                hint={copy.applicationHint}
                error={error}
              >
                {(control) => (
                  <Input
                    {...control}
                    key={props.typed}
                    defaultValue={props.typed}
                    maxLength={searchMaxLength}
                    name="application"
                    placeholder={copy.applicationPlaceholder}
                    autoComplete="off"
                    required
                  />
                )}
              </Field>
            </div>
            <button type="submit" className={buttonClass("light", "md", "shrink-0")}>
              {copy.attach}
            </button>
          </Form>
          <Form method="post" action={props.action}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="message" value={message.id} />
            <button
              type="submit"
              title={copy.deleteHint}
              className={buttonClass("outline", "md", "w-full sm:w-auto")}
            >
              {copy.delete}
            </button>
          </Form>
        </div>
        {props.choices && props.typed ? (
          <ApplicationChoices
            action={props.action}
            messageId={message.id}
            typed={props.typed}
            choices={props.choices.list}
            more={props.choices.more}
          />
        ) : null}
      </article>
    </li>
  );
}
