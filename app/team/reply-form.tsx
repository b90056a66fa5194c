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
import { useHydrated } from "./use-hydrated";

const copy = team.application.reply;

export interface ReplyDraft {
  subject: string;
  body: string;
}

/** The draft's fields, in the order the form shows them. */
const draftFields = ["subject", "body"] as const;

/**
 * The Reply panel: a saved reply to start from (optional), the Subject and the Message, and
 * Send reply (posted to the route's action, intent "reply"). Choosing a template fills both
 * fields at once with JavaScript; without it, "Use template" (a GET form) reloads the page
 * with `?template=<id>` and the fields filled by the server. Key it by what should start it
 * afresh (a reply sent, a template loaded).
 *
 * The draft carries its idempotency key (`key`, made by the loader): the server sends one reply
 * per key, however often the form is posted. With JavaScript, a second Send while the first is
 * on its way is not even posted.
 */
export function ReplyForm(props: {
  /** The application's page: where "Use template" goes. */
  action: string;
  templates: readonly FilledReply[];
  /** The template the fields were filled from ("" for none). */
  template: string;
  /** What the fields hold first: the template's, or what was posted and refused. */
  draft: ReplyDraft;
  /** Why the last reply was refused, beneath its field. */
  error?: { field: keyof ReplyDraft; message: string };
  /** The draft's idempotency key. */
  draftKey: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = useRef(false);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  const [template, setTemplate] = useState(props.template);
  const [draft, setDraft] = useState(props.draft);

  const choose = (id: string) => {
    setTemplate(id);
    const chosen = props.templates.find((option) => option.id === id);
    if (chosen) {
      setDraft({ subject: chosen.subject, body: chosen.body });
    }
  };

  return (
    <Panel id="reply-title" title={copy.title}>
      <p className="mt-1 text-sm text-zinc-400">{copy.intro}</p>
      {props.templates.length > 0 ? (
        <form
          method="get"
          action={props.action}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
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
            <button type="submit" className={buttonClass("outline", "md", "h-12")}>
              {copy.useTemplate}
            </button>
          )}
        </form>
      ) : null}
      <Form
        method="post"
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          // One at a time: the first is on its way (the server would send it once anyway).
          if (sending.current) event.preventDefault();
          sending.current = true;
        }}
      >
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="key" value={props.draftKey} />
        {draftFields.map((field) => (
          <DraftField
            key={field}
            field={field}
            value={draft[field]}
            onChange={(value) => setDraft((before) => ({ ...before, [field]: value }))}
            error={props.error}
          />
        ))}
        <button
          type="submit"
          aria-disabled={submitting || undefined}
          className={buttonClass("primary", "md", "self-start")}
        >
          {copy.send}
        </button>
      </Form>
    </Panel>
  );
}

/**
 * The Subject (a line) or the Message (ten rows) of the draft, required and bounded, with the
 * reason the last reply was refused beneath it when it was refused for this field.
 */
function DraftField(props: {
  field: keyof ReplyDraft;
  value: string;
  onChange: (value: string) => void;
  error?: { field: keyof ReplyDraft; message: string };
}) {
  const { field } = props;
  const common = { name: field, value: props.value, required: true };
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
            rows={10}
            maxLength={replyBodyMaxLength}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}
