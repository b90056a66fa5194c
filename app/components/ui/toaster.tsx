import { type ComponentType, lazy, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";

/**
 * Sonner, loaded when a page first needs it, not while the page hydrates (decision 0027): its
 * 33 KB were evaluated and its toaster rendered on every load of the questionnaire for a toast
 * raised only after a submission. Whatever raises a toast takes `toast` from `loadToaster()`
 * (never from sonner itself: the toaster would not be mounted), as early as it can: the
 * questionnaire on the first change of its form, "Add a passkey" on its click, so the toaster
 * (and its live region) is in the page before the toast.
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
const load = () => {
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined; // not kept: the next call tries again
    throw error;
  });
  return sonner;
};

/** Mounts the toaster (once) and resolves to sonner's `toast`. */
export function loadToaster(): Promise<Sonner["toast"]> {
  const loading = load();
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return loading.then((module) => module.toast);
}

// A toaster that cannot be loaded draws nothing: it must never take the page down with it.
const SonnerToaster = lazy(
  (): Promise<{ default: ComponentType<ToasterProps> }> =>
    load().then(
      (module) => ({ default: module.Toaster }),
      () => ({ default: () => null }),
    ),
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sonner's `<Toaster>` once `loadToaster()` was called; nothing before (nor on the server). */
export function Toaster(props: ToasterProps) {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  ) : null;
}
