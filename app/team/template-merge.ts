/** A draft of a reply: its subject and message. */
export interface ReplyDraft {
  subject: string;
  body: string;
}

/**
 * A template into a draft, never dropping what was typed: an empty message takes the template
 * whole (subject too); `insert` adds the template's text below the typed one (the subject
 * typed stays); `replace` is the member's explicit choice to start from the template.
 */
export function mergeTemplate(
  draft: ReplyDraft,
  template: ReplyDraft,
  how: "insert" | "replace",
): ReplyDraft {
  if (how === "replace" || draft.body.trim() === "") return { ...template };
  return {
    subject: draft.subject.trim() ? draft.subject : template.subject,
    body: `${draft.body.trimEnd()}\n\n${template.body}`,
  };
}
