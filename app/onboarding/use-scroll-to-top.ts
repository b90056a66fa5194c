import { useEffect } from "react";

const userInput = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * The page starts at the top on load, also on a reload (docs/product.md). On a reload React
 * Router's <ScrollRestoration> script has already started gliding back to the old position (the
 * site scrolls smoothly), and that glide outlives one instant scroll: so while it runs (at most a
 * second, and only until the visitor scrolls, taps or types) the page is held at the top.
 */
export function useScrollToTop() {
  useEffect(() => {
    // Block bodies: scrollTo returns a promise in current Chromium, and an effect must not.
    const top = () => {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    };
    const restoring = window.scrollY !== 0;
    top();
    if (!restoring) return;
    const hold = new AbortController();
    const { signal } = hold;
    const release = () => hold.abort();
    window.addEventListener(
      "scroll",
      () => {
        if (window.scrollY !== 0) top();
      },
      { signal },
    );
    for (const type of userInput) {
      window.addEventListener(type, release, { signal, passive: true });
    }
    const timer = setTimeout(release, 1000);
    return () => {
      clearTimeout(timer);
      release();
    };
  }, []);
}
