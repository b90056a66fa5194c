import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { usePrerenderBeacon, useQuestionBeacon } from "./visit-beacon";

function fetchSpy() {
  const spy = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }),
  );
  vi.stubGlobal("fetch", spy);
  const bodies = () => spy.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
  return { spy, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, "prerendering", { value: undefined, configurable: true });
});

describe("the question beacon", () => {
  test("says which question was started, once each, never what was typed; nothing for others", () => {
    const { spy, bodies } = fetchSpy();
    const { result } = renderHook(() => useQuestionBeacon("page-token"));
    result.current("name");
    result.current("name");
    result.current("goals");
    result.current("website");
    result.current("idempotencyKey");
    expect(bodies()).toEqual([
      { type: "start", question: "name", token: "page-token" },
      { type: "start", question: "goals", token: "page-token" },
    ]);
    expect(spy.mock.calls[0]?.[0]).toBe("/beacon");
  });

  test("sends nothing when the page came without a token (the server counts nothing)", () => {
    const { spy } = fetchSpy();
    const { result } = renderHook(() => useQuestionBeacon(""));
    result.current("name");
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("the prerender beacon", () => {
  test("a page loaded as usual sends nothing (the server counted it)", () => {
    const { spy } = fetchSpy();
    renderHook(() => usePrerenderBeacon("page-token"));
    expect(spy).not.toHaveBeenCalled();
  });

  test("a prerendered page says it was seen when it is activated, once", () => {
    const { bodies } = fetchSpy();
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    renderHook(() => usePrerenderBeacon("page-token"));
    expect(bodies()).toEqual([]);
    document.dispatchEvent(new Event("prerenderingchange"));
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(bodies()).toEqual([
      {
        type: "view",
        path: `${location.pathname}${location.search}`,
        referrer: document.referrer,
        token: "page-token",
      },
    ]);
  });
});
