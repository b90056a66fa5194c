/**
 * Drops `<link rel="modulepreload">` from the <head> of a rendered page.
 *
 * React Router lists every module of the page as a modulepreload and React hoists those links
 * into <head>, ahead of the content: ~130 KB of JavaScript then competes with the page's first
 * paint at high priority (measured: /onboarding LCP 2.2 s → 1.2 s in mobile Lighthouse without
 * them). The page's module script still imports the same modules right after; hydration starts
 * one round trip later, and until then the questionnaire works as a plain HTML form.
 */
const modulePreload = /<link rel="modulepreload"[^>]*>/g;

export function deferModulePreloads(response: Response): Response {
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/html")) {
    return response;
  }
  let head = "";
  let inBody = false;
  const transform = new TransformStream<string, string>({
    transform(chunk, controller) {
      if (inBody) return controller.enqueue(chunk);
      head += chunk;
      const end = head.indexOf("</head>");
      if (end === -1) return;
      inBody = true;
      controller.enqueue(head.slice(0, end).replace(modulePreload, "") + head.slice(end));
      head = "";
    },
    flush(controller) {
      if (head) controller.enqueue(head.replace(modulePreload, ""));
    },
  });
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(transform)
    .pipeThrough(new TextEncoderStream());
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
