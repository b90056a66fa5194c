import { startHttpReceiver } from "../../server/test/http-receiver.ts";

/**
 * The floor: the least a page can be (a title and one heading), served from loopback, for
 * `LIGHTHOUSE_FLOOR=1`. What Lighthouse gives it is what any page pays for the document and
 * the browser's first frame; what a page scores above it is its own parse, style, layout and
 * paint (decision 0026).
 */
export const floorPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  // An inline icon, as our pages have: otherwise the browser's /favicon.ico lands on its LCP path.
  '<meta name="description" content="The floor."><link rel="icon" href="data:,">' +
  "<title>Floor</title></head>" +
  "<body><main><h1>Hello there</h1></main></body></html>";

/** The floor on a free loopback port; `url` is its page. */
export async function startFloor() {
  const receiver = await startHttpReceiver((request, _body, response) => {
    const found = request.url === "/";
    response.writeHead(found ? 200 : 404, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
    });
    response.end(found ? floorPage : "");
  });
  return { url: `${receiver.origin}/`, stop: receiver.stop };
}
