import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { team } from "~/content/team";
import { noteMaxLength } from "~/shared/inbox-query";
import type { ApplicationView } from "~/shared/application-port";
import { ListOrNone } from "./list-or-none";
import { Moment } from "./moment";
import { Panel } from "./panel";
import { SelectForm } from "./select-form";
import { statusOptions } from "./status-options";

const copy = team.application;

/** Every action of the application page: plain forms posting to the route's action. */
export function ApplicationActions({ view }: { view: ApplicationView }) {
  return (
    <div className="flex flex-col gap-4">
      <Panel id="status-title" title={copy.statusTitle}>
        <SelectForm
          intent="status"
          name="status"
          label={copy.statusLabel}
          value={view.status}
          options={statusOptions}
          submit={copy.saveStatus}
        />
      </Panel>

      <Panel id="notes-title" title={copy.notesTitle}>
        <Form method="post" className="mt-3 flex flex-col gap-3" key={view.notes.length}>
          <input type="hidden" name="intent" value="note" />
          <Field name="note" label={copy.noteLabel}>
            {(control) => (
              <Textarea {...control} name="body" rows={3} maxLength={noteMaxLength} required />
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
                {note.authorEmail} · <NoteTime ms={note.createdAt} />
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-zinc-100">{note.body}</p>
            </li>
          )}
        </ListOrNone>
      </Panel>

      <Panel id="spam-title" title={copy.spamTitle}>
        <p className="mt-2 text-sm text-zinc-300">{view.isSpam ? copy.isSpam : copy.notSpamNote}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={view.isSpam ? "not-spam" : "spam"} />
            <button type="submit" className={buttonClass("outline", "md")}>
              {view.isSpam ? copy.notSpam : copy.markSpam}
            </button>
          </Form>
        </div>
      </Panel>

      <Panel id="erase-title" title={copy.eraseTitle}>
        <details className="mt-3">
          <summary className={buttonClass("outline", "md", "cursor-pointer list-none")}>
            {copy.erase}
          </summary>
          <p className="mt-3 text-sm text-zinc-300">
            {copy.eraseHint.replace("{email}", view.email)}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="confirm" value="yes" />
            <button
              type="submit"
              className={buttonClass("primary", "md", "bg-none bg-rose-600 hover:bg-rose-500")}
            >
              {copy.eraseConfirm}
            </button>
          </Form>
        </details>
      </Panel>
    </div>
  );
}

function NoteTime({ ms }: { ms: number }) {
  return <Moment ms={ms} />;
}
