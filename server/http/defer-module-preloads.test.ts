import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./defer-module-preloads.ts";

function htmlResponse(chunks: string[], type = "text/html; charset=utf-8"): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 201, headers: { "content-type": type, "x-a": "1" } });
}

describe("deferModulePreloads", () => {
  it("removes modulepreload links from the head, even split across chunks", async () => {
    const page = deferModulePreloads(
      htmlResponse([
        '<html><head><title>x</title><link rel="modulepre',
        'load" href="/assets/a.js"/><link rel="stylesheet" href="/s.css"/>',
        '<link rel="modulepreload" href="/assets/b.js"/></he',
        "ad><body><p>hi</p>",
        '<script type="module">import "/assets/a.js";</script></body></html>',
      ]),
    );
    expect(await page.text()).toBe(
      '<html><head><title>x</title><link rel="stylesheet" href="/s.css"/></head><body><p>hi</p>' +
        '<script type="module">import "/assets/a.js";</script></body></html>',
    );
    expect(page.status).toBe(201);
    expect(page.headers.get("x-a")).toBe("1");
  });

  it("leaves the body alone (text that merely looks like a preload link)", async () => {
    const body =
      '<body><pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/x.js"></body>';
    const page = deferModulePreloads(htmlResponse(["<head></head>", body]));
    expect(await page.text()).toBe(`<head></head>${body}`);
  });

  it("passes other responses through untouched", async () => {
    const json = htmlResponse(['{"a":"<link rel=\\"modulepreload\\">"}'], "application/json");
    expect(deferModulePreloads(json)).toBe(json);
    const empty = new Response(null, { status: 304, headers: { "content-type": "text/html" } });
    expect(deferModulePreloads(empty)).toBe(empty);
  });
});
