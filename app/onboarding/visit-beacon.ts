import { useEffect, useRef } from "react";
import { type FieldName, fieldNames } from "~/shared/fields";
import { beaconPath } from "~/shared/paths";

/**
 * POSTs a beacon to our own origin with the token the page was served with (none: the server
 * counts nothing, so nothing is sent); whatever happens to it, the page goes on.
 */
function sendBeacon(
  token: string,
  beacon: { type: "view"; path: string; referrer: string } | { type: "start"; question: FieldName },
) {
  if (!token) return;
  const body = { ...beacon, token };
  fetch(beaconPath, {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => {});
}

type Prerendering = Document & { prerendering?: boolean };

/**
 * The server does not count a page the browser prerendered (Speculation Rules send
 * `Sec-Purpose: prefetch;prerender`): if the visitor then sees it, this says so, once, when
 * the page is activated (or at once, if it was activated before it hydrated).
 */
export function usePrerenderBeacon(token: string) {
  useEffect(() => {
    const view = () =>
      sendBeacon(token, {
        type: "view",
        path: `${location.pathname}${location.search}`,
        referrer: document.referrer,
      });
    if ((document as Prerendering).prerendering) {
      document.addEventListener("prerenderingchange", view, { once: true });
      return () => document.removeEventListener("prerenderingchange", view);
    }
    const [entry] = performance.getEntriesByType("navigation") as (PerformanceEntry & {
      activationStart?: number;
    })[];
    if ((entry?.activationStart ?? 0) > 0) view();
  }, [token]);
}

/**
 * Tells the server which question the visitor started (its name, once per page: never what
 * was typed), so the funnel knows who started the questionnaire and where they stopped.
 */
export function useQuestionBeacon(token: string): (name: string) => void {
  const sent = useRef(new Set<string>());
  return (name) => {
    const question = fieldNames.find((field) => field === name);
    if (!question || sent.current.has(question)) return;
    sent.current.add(question);
    sendBeacon(token, { type: "start", question });
  };
}
