import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  clearDraft,
  createDraftWriter,
  draftFields,
  draftKey,
  loadDraft,
  pickDraft,
  saveDraft,
} from "./draft";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("pickDraft", () => {
  test("keeps the ten fields the visitor fills in, nothing else", () => {
    const values = {
      ...Object.fromEntries(draftFields.map((field) => [field, `${field} value`])),
      selectedPlan: "Enterprise",
      website: "bot",
      idempotencyKey: "123",
      password: "x",
    };
    expect(Object.keys(pickDraft(values))).toEqual([...draftFields]);
  });

  test("drops empty and non-string values", () => {
    expect(pickDraft({ name: "", email: 42, goals: null, contentNiche: "Food" })).toEqual({
      contentNiche: "Food",
    });
  });

  test("anything but an object is an empty draft", () => {
    for (const value of [null, undefined, "x", 1]) expect(pickDraft(value)).toEqual({});
  });

  test("cuts absurdly long values (twice the field's limit)", () => {
    expect(pickDraft({ name: "x".repeat(1000) }).name).toHaveLength(200);
  });
});

describe("storage", () => {
  test("a saved draft loads again", () => {
    const storage = memoryStorage();
    expect(saveDraft(storage, { name: "Maya", goals: "Grow my channel" })).toBe(true);
    expect(JSON.parse(storage.items.get(draftKey)!)).toEqual({
      name: "Maya",
      goals: "Grow my channel",
    });
    expect(loadDraft(storage)).toEqual({ name: "Maya", goals: "Grow my channel" });
  });

  test("the plan is never stored: the page's ?plan= decides it", () => {
    const storage = memoryStorage();
    saveDraft(storage, { name: "Maya", selectedPlan: "Enterprise" });
    expect(loadDraft(storage)).toEqual({ name: "Maya" });
  });

  test("an empty form removes the draft", () => {
    const storage = memoryStorage();
    saveDraft(storage, { name: "Maya" });
    saveDraft(storage, { name: "" });
    expect(storage.items.has(draftKey)).toBe(false);
  });

  test("clearDraft removes it", () => {
    const storage = memoryStorage();
    saveDraft(storage, { name: "Maya" });
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual({});
  });

  test("corrupt or foreign data loads as an empty draft", () => {
    const storage = memoryStorage();
    for (const raw of ["{not json", "null", "[1,2]", '"text"', '{"name":{"x":1}}']) {
      storage.items.set(draftKey, raw);
      expect(loadDraft(storage), raw).toEqual({});
    }
  });

  test("a browser refusing storage is no error", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(loadDraft(refusing)).toEqual({});
    expect(saveDraft(refusing, { name: "Maya" })).toBe(false);
    expect(() => clearDraft(refusing)).not.toThrow();
  });
});

describe("createDraftWriter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test("saves once, after the visitor pauses", () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, "setItem");
    const onSaved = vi.fn();
    const writer = createDraftWriter(storage, 300, onSaved);
    writer.schedule({ name: "M" });
    vi.advanceTimersByTime(200);
    writer.schedule({ name: "Ma" });
    vi.advanceTimersByTime(299);
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(loadDraft(storage)).toEqual({ name: "Ma" });
    expect(onSaved).toHaveBeenCalledWith(true);
  });

  test("flush saves the pending values now; with nothing pending it does nothing", () => {
    const storage = memoryStorage();
    const writer = createDraftWriter(storage, 300);
    writer.flush();
    expect(storage.items.size).toBe(0);
    writer.schedule({ name: "Maya" });
    writer.flush();
    expect(loadDraft(storage)).toEqual({ name: "Maya" });
    vi.advanceTimersByTime(1000);
    expect(loadDraft(storage)).toEqual({ name: "Maya" });
  });

  test("cancel forgets the pending save (a cleared draft stays cleared)", () => {
    const storage = memoryStorage();
    const writer = createDraftWriter(storage, 300);
    writer.schedule({ name: "Maya" });
    writer.cancel();
    clearDraft(storage);
    vi.advanceTimersByTime(1000);
    expect(storage.items.has(draftKey)).toBe(false);
  });
});
