import { useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { team } from "~/content/team";
import { replyBodyMaxLength, replySubjectMaxLength } from "~/shared/reply-rules";
import type { FilledReply } from "./reply-templates";
import { useHydrated } from "./use-hydrated";

const copy = team.application.reply;

export interface ReplyDraft {
  subject: string;
  body: string;
}

/**
 * The Reply panel: a saved reply to start from (optional), the Subject and the Message, and
 * Send reply (posted to the route's action, intent "reply"). Choosing a template fills both
 * fields at once with JavaScript; without it, "Use template" (a GET form) reloads the page
 * with `?template=<id>` and the fields filled by the server. Key it by what should start it
 * afresh (a reply sent, a template loaded).
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
  error?: { field: "subject" | "body"; message: string };
}) {
  const hydrated = useHydrated();
  const [template, setTemplate] = useState(props.template);
  const [subject, setSubject] = useState(props.draft.subject);
  const [body, setBody] = useState(props.draft.body);

  const choose = (id: string) => {
    setTemplate(id);
    const chosen = props.templates.find((option) => option.id === id);
    if (chosen) {
      setSubject(chosen.subject);
      setBody(chosen.body);
    }
  };

  return (
    <section
      aria-labelledby="reply-title"
      className="rounded-2xl border border-white/10 bg-surface p-5"
    >
      <h2 id="reply-title" className="text-lg font-bold text-white">
        {copy.title}
      </h2>
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
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="reply" />
        <Field
          name="reply-subject"
          label={copy.subjectLabel}
          error={props.error?.field === "subject" ? props.error.message : undefined}
        >
          {(control) => (
            <Input
              {...control}
              name="subject"
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              maxLength={replySubjectMaxLength}
              required
            />
          )}
        </Field>
        <Field
          name="reply-body"
          label={copy.bodyLabel}
          error={props.error?.field === "body" ? props.error.message : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              name="body"
              rows={10}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              maxLength={replyBodyMaxLength}
              required
            />
          )}
        </Field>
        <button type="submit" className={buttonClass("primary", "md", "self-start")}>
          {copy.send}
        </button>
      </Form>
    </section>
  );
}
