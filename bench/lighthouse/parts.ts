import { readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { startHttpReceiver } from "../../server/test/http-receiver.ts";

const oneHeading = "<main><h1>Hello there</h1></main></body></html>";

/**
 * Copies of the prerendered `/` cut by part, for `LIGHTHOUSE_PARTS=1`: its `<head>` (the inline
 * stylesheet, the fonts' faces) over one heading; the same with the site's header; and the page
 * cut after the hero. Run in turns with `/` and the floor, the steps between them are what each
 * part costs Lighthouse's figures (decision 0029).
 */
export function pageParts(html: string): { label: string; html: string }[] {
  const find = (text: string, from = 0) => {
    const at = html.indexOf(text, from);
    if (at < 0) throw new Error(`pageParts: / has no ${text} where its parts should be`);
    return at;
  };
  const body = find(">", find("<body")) + 1;
  const header = find("<header", body);
  const headerEnd = find("</header>", header) + "</header>".length;
  const hero = find("<section", find(">", find("<main", headerEnd)));
  const head = html.slice(0, body);
  return [
    { label: "/'s head, one heading", html: head + oneHeading },
    {
      label: "/'s head and header, one heading",
      html: head + html.slice(header, headerEnd) + oneHeading,
    },
    {
      label: "/ cut after the hero",
      html: `${html.slice(0, sectionEnd(html, hero))}</main></body></html>`,
    },
  ];
}

/** Where the `<section>` opening at `start` closes, counting the sections inside it. */
function sectionEnd(html: string, start: number): number {
  const tags = /<section\b|<\/section>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === "</section>" ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  throw new Error("pageParts: the hero's <section> never closes");
}

/** The parts of the build's `/` on a free loopback port, brotli like our server sends `/`. */
export async function startParts(buildDir: string) {
  const html = await readFile(path.join(buildDir, "client", "index.html"), "utf8");
  const parts = pageParts(html).map((part) => ({
    ...part,
    body: zlib.brotliCompressSync(part.html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
  }));
  const receiver = await startHttpReceiver((request, _body, response) => {
    const part = parts[Number(request.url?.match(/^\/part-(\d)$/)?.[1] ?? Number.NaN)];
    if (!part) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      "cache-control": "no-cache",
    });
    response.end(part.body);
  });
  return {
    pages: parts.map((part, index) => ({
      label: part.label,
      url: `${receiver.origin}/part-${index}`,
    })),
    stop: receiver.stop,
  };
}
