/**
 * The questionnaire's draft on this device: what the visitor typed, kept in localStorage so a
 * reload or a later visit loses nothing. Only the form's own fields, only strings, bounded in
 * size; the plan is not kept (the page's `?plan=` decides it).
 */
import { type FieldName, fieldNames, maxLengths } from "~/shared/fields";

export const draftKey = "reelsmith:onboarding-draft:v1";

export type DraftField = Exclude<FieldName, "selectedPlan">;

/** The fields a draft keeps: the ten the visitor types or picks (not the plan). */
export const draftFields = fieldNames.filter(
  (field): field is DraftField => field !== "selectedPlan",
);
export type Draft = Partial<Record<DraftField, string>>;

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The kept fields of `values`: known keys, string values, non-empty, cut to a sane length. */
export function pickDraft(values: unknown): Draft {
  const draft: Draft = {};
  if (!values || typeof values !== "object") return draft;
  const record = values as Record<string, unknown>;
  for (const field of draftFields) {
    const value = record[field];
    if (typeof value !== "string" || value === "") continue;
    // A little room above the limit, so the visitor still sees the "too long" message.
    const limit = (field in maxLengths ? maxLengths[field as keyof typeof maxLengths] : 100) * 2;
    draft[field] = value.slice(0, limit);
  }
  return draft;
}

export function loadDraft(storage: DraftStorage): Draft {
  try {
    const raw = storage.getItem(draftKey);
    return raw ? pickDraft(JSON.parse(raw)) : {};
  } catch {
    return {}; // unreadable or corrupt: start afresh
  }
}

/** Saves the draft; an empty draft removes it. False when the browser refuses (quota, privacy). */
export function saveDraft(storage: DraftStorage, values: unknown): boolean {
  const draft = pickDraft(values);
  try {
    if (Object.keys(draft).length === 0) storage.removeItem(draftKey);
    else storage.setItem(draftKey, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage): void {
  try {
    storage.removeItem(draftKey);
  } catch {
    // nothing to do: the browser keeps no storage for us
  }
}

/** Saves at most once per `delayMs` of quiet; `flush` saves now, `cancel` forgets the pending save. */
export function createDraftWriter(
  storage: DraftStorage,
  delayMs: number,
  onSaved?: (saved: boolean) => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: unknown;
  const write = () => {
    timer = undefined;
    const saved = saveDraft(storage, pending);
    onSaved?.(saved);
  };
  return {
    schedule(values: unknown) {
      pending = values;
      clearTimeout(timer);
      timer = setTimeout(write, delayMs);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** localStorage when the browser lets us use it (it may throw in private modes or sandboxes). */
export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
