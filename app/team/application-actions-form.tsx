import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { applicationStatuses, noteMaxLength } from "~/shared/inbox-query";
import { site } from "~/shared/site";
import type { ApplicationView } from "~/shared/team-port";
import { utcTime } from "./time";

const copy = site.team.application;
const panel = "rounded-2xl border border-white/10 bg-surface p-5";
const heading = "text-lg font-bold text-white";

/** Every action of the application page: plain forms posting to the route's action. */
export function ApplicationActions({ view }: { view: ApplicationView }) {
  return (
    <div className="flex flex-col gap-4">
      <section className={panel} aria-labelledby="status-title">
        <h2 id="status-title" className={heading}>
          {copy.statusTitle}
        </h2>
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="status" />
          <div className="flex-1">
            <Field name="status" label={copy.statusLabel}>
              {(control) => (
                <Select
                  {...control}
                  name="status"
                  key={view.status}
                  defaultValue={view.status}
                  placeholder={copy.statusLabel}
                  options={applicationStatuses.map((status) => ({
                    value: status,
                    label: site.team.statuses[status],
                  }))}
                />
              )}
            </Field>
          </div>
          <button type="submit" className={buttonClass("primary", "md", "h-12")}>
            {copy.saveStatus}
          </button>
        </Form>
      </section>

      <section className={panel} aria-labelledby="notes-title">
        <h2 id="notes-title" className={heading}>
          {copy.notesTitle}
        </h2>
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
        {view.notes.length === 0 ? (
          <p className="mt-4 text-sm text-zinc-400">{copy.noNotes}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {view.notes.map((note) => (
              <li key={note.id} className="rounded-xl bg-white/5 p-3">
                <p className="text-xs text-zinc-400">
                  {note.authorEmail} · <NoteTime ms={note.createdAt} />
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-zinc-100">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="spam-title">
        <h2 id="spam-title" className={heading}>
          {copy.spamTitle}
        </h2>
        <p className="mt-2 text-sm text-zinc-300">{view.isSpam ? copy.isSpam : copy.notSpamNote}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={view.isSpam ? "not-spam" : "spam"} />
            <button type="submit" className={buttonClass("outline", "md")}>
              {view.isSpam ? copy.notSpam : copy.markSpam}
            </button>
          </Form>
        </div>
      </section>

      <section className={panel} aria-labelledby="erase-title">
        <h2 id="erase-title" className={heading}>
          {copy.eraseTitle}
        </h2>
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
      </section>
    </div>
  );
}

function NoteTime({ ms }: { ms: number }) {
  return <time dateTime={new Date(ms).toISOString()}>{utcTime(ms)}</time>;
}
