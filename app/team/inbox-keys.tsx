import { useEffect, useRef } from "react";
import { useNavigate, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";

const copy = team.inbox.keys;

/** The inbox's rows as the keys walk them: each `<tr data-inbox-row>` with its one link. */
const rowSelector = "tr[data-inbox-row]";

/** True when a key pressed there is typing, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest("input, textarea, select, [contenteditable='true']") !== null
  );
}

/** The row `step` away from the one holding the focus (the first row from none). */
export function rowAfter<T>(
  rows: readonly T[],
  current: T | undefined,
  step: 1 | -1,
): T | undefined {
  if (rows.length === 0) return undefined;
  const at = current === undefined ? -1 : rows.indexOf(current);
  if (at === -1) return step === 1 ? rows[0] : rows[rows.length - 1];
  return rows[Math.min(rows.length - 1, Math.max(0, at + step))];
}

/**
 * The inbox's keyboard, as in a mail client: j and k move between the rows (the focus on the
 * row's link, so Enter opens it), r opens the application at its reply, a takes it and opens it
 * (the page's own Take, with the owner the row shows: the server changes it only while it is
 * still them; its answer opens the page, which says whose it is now),
 * ? lists the keys. Never while typing, never with a modifier. Without JavaScript the rows are
 * links and the Tab key walks them.
 */
export function InboxKeys() {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const submit = useSubmit();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || dialog.current?.open) return;
      const rows = [...document.querySelectorAll<HTMLTableRowElement>(rowSelector)];
      const focused = rows.find((row) => row.contains(document.activeElement));
      const link = (row: HTMLTableRowElement | undefined) =>
        row?.querySelector<HTMLAnchorElement>("a[data-row-link]") ?? undefined;
      switch (event.key) {
        case "j":
        case "k": {
          const row = rowAfter(rows, focused, event.key === "j" ? 1 : -1);
          link(row)?.focus();
          row?.scrollIntoView({ block: "nearest" });
          break;
        }
        case "r": {
          const href = link(focused)?.getAttribute("href");
          if (!href) return;
          navigate(`${href}#reply`);
          break;
        }
        case "a": {
          const href = link(focused)?.getAttribute("href");
          if (!href || !focused) return;
          submit(
            { intent: "take", seen: focused.dataset.owner ?? "" },
            { method: "post", action: href.split("?")[0] },
          );
          break;
        }
        case "?":
          dialog.current?.showModal();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, submit]);
  return (
    <>
      <p className="mt-4 hidden text-xs text-zinc-400 sm:block">{copy.hint}</p>
      <dialog
        ref={dialog}
        aria-labelledby="inbox-keys-title"
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-surface p-6 text-zinc-200 backdrop:bg-black/60"
      >
        <h2 id="inbox-keys-title" className="text-lg font-bold text-white">
          {copy.title}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {copy.list.map(([key, what]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-white/20 px-1.5 py-0.5 font-mono text-white">
                  {key}
                </kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog" className="mt-6 text-right">
          <button type="submit" className={buttonClass("outline", "sm")}>
            {copy.close}
          </button>
        </form>
      </dialog>
    </>
  );
}
