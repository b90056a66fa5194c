import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { team } from "~/content/team";
import type { ApplicationView } from "~/shared/application-port";
import { noteMaxLength } from "~/shared/inbox-query";
import { ListOrNone } from "./list-or-none";
import { Moment } from "./moment";
import { Panel } from "./panel";

const copy = team.application;

/**
 * The team's notes on an application, newest first, under the form that adds one. Posted to
 * `action` (back to `#notes`, the note in view); a refused note keeps its text and says why
 * beneath the field, as sign-in does (no browser bubble: the server decides).
 */
export function NotesPanel(props: {
  view: ApplicationView;
  action: string;
  /** What the member typed, when the note was refused, and why. */
  refused?: { body: string; message: string };
  notice?: React.ReactNode;
}) {
  const { view, refused } = props;
  return (
    <Panel id="notes-title" title={copy.notesTitle} anchor="notes">
      {props.notice}
      <Form
        method="post"
        action={props.action}
        preventScrollReset
        noValidate
        className="mt-3 flex flex-col gap-3"
        key={`${view.notes.length}-${refused?.message ?? ""}`}
      >
        <input type="hidden" name="intent" value="note" />
        <Field name="note" label={copy.noteLabel} error={refused?.message}>
          {(control) => (
            <Textarea
              {...control}
              name="body"
              rows={3}
              maxLength={noteMaxLength}
              defaultValue={refused?.body}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass("outline", "md", "self-start")}>
          {copy.addNote}
        </button>
      </Form>
      <ListOrNone items={view.notes} none={copy.noNotes} className="gap-3" spacing="mt-4">
        {(note) => (
          <li key={note.id} className="rounded-xl bg-white/5 p-3">
            <p className="text-xs text-zinc-400">
              {note.authorEmail} · <Moment ms={note.createdAt} />
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-zinc-100">{note.body}</p>
          </li>
        )}
      </ListOrNone>
    </Panel>
  );
}
