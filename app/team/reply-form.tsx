import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { team } from "~/content/team";
import { replyBodyMaxLength, replySubjectMaxLength } from "~/shared/reply-rules";
import { Panel } from "./panel";
import type { FilledReply } from "./reply-templates";
import { TemplateDialog } from "./template-dialog";
import { mergeTemplate, type ReplyDraft } from "./template-merge";
import { useHydrated } from "./use-hydrated";

export type { ReplyDraft } from "./template-merge";

const copy = team.application.reply;

/** The draft's fields, in the order the form shows them. */
const draftFields = ["subject", "body"] as const;

/** Send reply and Send and next; once a send was refused as stale, they say "anyway". */
const sendButtons = [
  { intent: "reply", tone: "primary", label: copy.send, anyway: copy.sendAnyway },
  { intent: "reply-next", tone: "outline", label: copy.sendNext, anyway: copy.sendAnywayNext },
] as const;

/**
 * The Reply composer, right under the conversation's newest message: a saved reply to start
 * from, the Subject and the Message, Send reply and Send and next (intent `reply` and
 * `reply-next`, posted to `action`, back to `#reply`).
 *
 * - A template never overwrites typed text without asking: with JavaScript, choosing one over
 *   a message that has text opens our dialog (Add below, Replace, Keep); without it, "Use
 *   template" posts the draft (intent `template`) and the server adds the template below it.
 * - The draft carries its idempotency key (`key`: one reply per key, however often posted) and
 *   the newest message the page showed (`seen`: the server refuses a reply that missed one).
 *   `after` is where this application stands in the inbox's view (Send and next).
 * - Errors come from the server, beneath their field (noValidate: no browser bubble).
 */
export function ReplyForm(props: {
  action: string;
  templates: readonly FilledReply[];
  /** The template the fields were filled from ("" for none). */
  template: string;
  /** What the fields hold first: the template's, or what was posted and refused. */
  draft: ReplyDraft;
  /** Why the last reply was refused, beneath its field. */
  error?: { field: keyof ReplyDraft; message: string };
  /** The last send was refused as stale: the buttons say "Send anyway". */
  stale?: boolean;
  draftKey: string;
  seen: string;
  after: string;
  notice?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = useRef(false);
  const intent = navigation.formData?.get("intent");
  const submitting = navigation.state !== "idle" && (intent === "reply" || intent === "reply-next");
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  const [template, setTemplate] = useState(props.template);
  const [draft, setDraft] = useState(props.draft);
  /** A template waiting for the member's answer (the message has text). */
  const [asking, setAsking] = useState<FilledReply>();

  const choose = (id: string) => {
    const chosen = props.templates.find((option) => option.id === id);
    setTemplate(id);
    if (!chosen) return;
    if (draft.body.trim() === "") setDraft(mergeTemplate(draft, chosen, "replace"));
    else setAsking(chosen);
  };
  const answer = (choice: "replace" | "insert" | "cancel") => {
    if (asking && choice !== "cancel") setDraft(mergeTemplate(draft, asking, choice));
    if (choice === "cancel") setTemplate(props.template);
    setAsking(undefined);
  };

  return (
    <Panel id="reply-title" title={copy.title} anchor="reply">
      <p className="mt-1 text-sm text-zinc-400">{copy.intro}</p>
      {props.notice}
      <Form
        method="post"
        action={props.action}
        preventScrollReset
        noValidate
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("value") === "template") return;
          // One at a time: the first is on its way (the server would send it once anyway).
          if (sending.current || submitting) event.preventDefault();
          sending.current = true;
        }}
      >
        <input type="hidden" name="key" value={props.draftKey} />
        <input type="hidden" name="seen" value={props.seen} />
        <input type="hidden" name="after" value={props.after} />
        {props.templates.length > 0 ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <Field name="reply-template" label={copy.templateLabel}>
                {(control) => (
                  <Select
                    {...control}
                    name="template"
                    value={template}
                    onChange={(event) => choose(event.currentTarget.value)}
                    placeholder={copy.noTemplate}
                    options={props.templates.map((option) => ({
                      value: option.id,
                      label: option.label,
                    }))}
                  />
                )}
              </Field>
            </div>
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value="template"
                className={buttonClass("outline", "md", "h-12")}
              >
                {copy.useTemplate}
              </button>
            )}
          </div>
        ) : null}
        {draftFields.map((field) => (
          <DraftField
            key={field}
            field={field}
            value={draft[field]}
            onChange={(value) => setDraft((before) => ({ ...before, [field]: value }))}
            error={props.error}
          />
        ))}
        <div className="flex flex-wrap gap-2">
          {sendButtons.map((send) => (
            <button
              key={send.intent}
              type="submit"
              name="intent"
              value={send.intent}
              aria-disabled={submitting || undefined}
              className={buttonClass(send.tone, "md")}
            >
              {props.stale ? send.anyway : send.label}
            </button>
          ))}
        </div>
      </Form>
      <TemplateDialog template={asking} onChoose={answer} />
    </Panel>
  );
}

/**
 * The Subject (a line) or the Message (ten rows) of the draft, bounded, with the reason the
 * last reply was refused beneath it when it was refused for this field.
 */
function DraftField(props: {
  field: keyof ReplyDraft;
  value: string;
  onChange: (value: string) => void;
  error?: { field: keyof ReplyDraft; message: string };
}) {
  const { field } = props;
  const common = { name: field, value: props.value };
  return (
    <Field
      name={`reply-${field}`}
      label={field === "subject" ? copy.subjectLabel : copy.bodyLabel}
      error={props.error?.field === field ? props.error.message : undefined}
    >
      {(control) =>
        field === "subject" ? (
          <Input
            {...control}
            {...common}
            maxLength={replySubjectMaxLength}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
        ) : (
          <Textarea
            {...control}
            {...common}
            rows={8}
            maxLength={replyBodyMaxLength}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}
