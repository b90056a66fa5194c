import { type RefObject, useEffect, useRef, useState } from "react";
import {
  browserStorage,
  clearDraft,
  createDraftWriter,
  draftFields,
  loadDraft,
  saveDraft,
} from "./draft";
import { readForm } from "./form-data";

export const draftDelayMs = 300;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Keeps the form's draft on this device: restores it once after hydration (into fields still
 * empty, so nothing typed meanwhile is overwritten) and saves what is typed, debounced.
 * Call `changed()` on every change of the form.
 */
export function useDraft(
  formRef: RefObject<HTMLFormElement | null>,
  options: { restore: boolean },
) {
  const [saved, setSaved] = useState(false);
  const writer = useRef<ReturnType<typeof createDraftWriter>>(undefined);
  const restore = useRef(options.restore);

  useEffect(() => {
    const storage = browserStorage();
    const form = formRef.current;
    if (!storage || !form) return;
    if (restore.current) {
      const draft = loadDraft(storage);
      for (const field of draftFields) {
        const control = form.elements.namedItem(field) as Control | null;
        const value = draft[field];
        if (control && value && control.value === "") control.value = value;
      }
    }
    const current = createDraftWriter(storage, draftDelayMs, setSaved);
    writer.current = current;
    // Leaving the page (reload, link, tab closed) saves what the last keystrokes changed.
    const flush = () => current.flush();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      current.cancel();
    };
  }, [formRef]);

  return {
    saved,
    changed() {
      if (formRef.current) writer.current?.schedule(readForm(formRef.current).values);
    },
    /** Save the form now (before leaving the page after a failed send). */
    saveNow() {
      writer.current?.cancel();
      const storage = browserStorage();
      if (storage && formRef.current)
        setSaved(saveDraft(storage, readForm(formRef.current).values));
    },
    /** After a successful submission: forget the draft and any pending save. */
    discard() {
      writer.current?.cancel();
      const storage = browserStorage();
      if (storage) clearDraft(storage);
    },
  };
}
