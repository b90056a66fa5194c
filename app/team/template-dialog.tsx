import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { fill } from "~/shared/text";

const copy = team.application.reply.templateDialog;

/** The dialog's answers, in its order: Add below, Replace, Keep (as Escape does). */
const choices = [
  ["insert", "primary"],
  ["replace", "outline"],
  ["cancel", "ghost"],
] as const;

/**
 * Asks before a template touches what the member typed: Replace, Add below, or keep the text
 * as it is. A native modal `<dialog>` (focus kept inside, Escape closes it as Keep), opened
 * while `template` is set.
 */
export function TemplateDialog(props: {
  template?: { label: string };
  onChoose: (choice: "replace" | "insert" | "cancel") => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = props.template !== undefined;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="template-dialog-title"
      aria-describedby="template-dialog-body"
      onCancel={(event) => {
        event.preventDefault();
        props.onChoose("cancel");
      }}
      className="m-auto max-w-md rounded-2xl border border-white/10 bg-surface p-6 text-zinc-100 backdrop:bg-black/60"
    >
      <h2 id="template-dialog-title" className="text-lg font-bold text-white">
        {fill(copy.title, { template: props.template?.label ?? "" })}
      </h2>
      <p id="template-dialog-body" className="mt-2 text-sm text-zinc-300">
        {copy.body}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        {choices.map(([choice, tone]) => (
          <button
            key={choice}
            type="button"
            className={buttonClass(tone, "sm")}
            onClick={() => props.onChoose(choice)}
          >
            {copy[choice]}
          </button>
        ))}
      </div>
    </dialog>
  );
}
