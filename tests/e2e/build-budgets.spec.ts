import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { landing } from "#app/content/landing.ts";
import { work } from "#app/content/work/work.ts";
import { lookScript } from "../../app/components/landing/look-script.ts";
import { headlineOffsets, javascriptGzipBytes } from "../../scripts/page-budget.ts";

// Byte budgets of `/`, read from the build output (no browser): BUILD_DIR or ./build.
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const htmlFile = path.join(clientDir, "index.html");
const readHtml = () => readFileSync(htmlFile, "utf8");
const kib = 1024;

test.beforeAll(() => {
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} is missing: run the build first`);
});

test("/ loads no framework code: its one script is the work band's inline line, under 512 B gzip", () => {
  const html = readHtml();
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).not.toMatch(/<link[^>]*as="script"/);
  const bytes = javascriptGzipBytes(clientDir, html);
  expect(bytes).toBeLessThanOrEqual(10 * kib);
  // Decision 0067: the closer look pauses when closed, Save-Data stops the loops; nothing else.
  expect(bytes).toBe(javascriptGzipBytes(clientDir, `<script>${lookScript}</script>`));
  expect(bytes).toBeLessThanOrEqual(512);
  // It comes after the headline: the first paint does not wait for it.
  expect(html.indexOf(lookScript)).toBeGreaterThan(html.indexOf("</h1>"));
});

test("/ carries its Speculation Rules and JSON-LD, and the CSP allows the rules", () => {
  const html = readHtml();
  const rules = html.match(/<script type="speculationrules">([\s\S]*?)<\/script>/)?.[1];
  expect(rules, "speculation rules").toBeTruthy();
  const hash = `sha256-${createHash("sha256").update(rules!).digest("base64")}`;
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, "..", "prerendered.json"), "utf8"),
  ) as { pages: Record<string, { scriptHashes: string[] }> };
  const band = `sha256-${createHash("sha256").update(lookScript).digest("base64")}`;
  expect(manifest.pages["/"]?.scriptHashes.sort()).toEqual([hash, band].sort());
  expect(html).toMatch(/<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org"/);
});

test("the hero headline and all the CSS arrive in the first 14 KB of the compressed HTML", () => {
  const headline = headlineOffsets(clientDir);
  expect(headline.text).toBe(landing.hero.headline);
  // Every style rule comes first, inline: no stylesheet request stands before the headline.
  expect(headline.html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(headline.html.lastIndexOf("</style>")).toBeLessThan(headline.start);
  expect(headline.html.indexOf("<style", headline.start)).toBe(-1);
  // The variants the server sends are the page itself.
  expect(gunzipSync(headline.gzip.data).toString("utf8")).toBe(headline.html);
  expect(brotliDecompressSync(headline.br.data).toString("utf8")).toBe(headline.html);
  test.info().annotations.push({
    type: "headline offset",
    description: `gzip ${headline.gzip.offset} B of ${headline.gzip.size} B; brotli ${headline.br.offset} B of ${headline.br.size} B`,
  });
  expect(headline.gzip.offset).toBeGreaterThan(0);
  expect(headline.gzip.offset).toBeLessThanOrEqual(14 * kib);
  expect(headline.br.offset).toBeLessThanOrEqual(14 * kib);
});

test("every image on / has a width and a height; images below the fold load lazily", () => {
  const images = [...readHtml().matchAll(/<img\s[^>]*>/g)].map(([tag]) => tag);
  expect(images.length).toBe(work.clips.length);
  for (const image of images) {
    expect(image).toMatch(/\swidth="\d+"/);
    expect(image).toMatch(/\sheight="\d+"/);
    // The only images are the work band's posters, well below the first screen.
    expect(image).toMatch(/\sloading="lazy"/);
    expect(image).toMatch(/\sdecoding="async"/);
  }
});

// A new connection carries ten TCP segments (14,600 B) in its first round trip: a page that
// fits, headers and all, paints one round trip earlier (150 ms in mobile Lighthouse's model).
test("/ arrives whole, headers and all, in the first round trip: at most 14,600 B", async ({
  baseURL,
}) => {
  const { headerBytes, bodyBytes } = await new Promise<{ headerBytes: number; bodyBytes: number }>(
    (resolve, reject) => {
      const request = http.get(
        `${baseURL}/`,
        { headers: { "Accept-Encoding": "br, gzip" } },
        (response) => {
          expect(response.headers["content-encoding"]).toBe("br");
          const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
          }
          let bodyBytes = 0;
          response.on("data", (chunk: Buffer) => {
            bodyBytes += chunk.length;
          });
          response.on("end", () =>
            resolve({ headerBytes: Buffer.byteLength(`${lines.join("\r\n")}\r\n\r\n`), bodyBytes }),
          );
        },
      );
      request.on("error", reject);
    },
  );
  test.info().annotations.push({
    type: "first round trip",
    description: `${headerBytes} B of headers + ${bodyBytes} B of brotli = ${headerBytes + bodyBytes} B`,
  });
  expect(headerBytes + bodyBytes).toBeLessThanOrEqual(14_600);
});

test("/ asks for nothing before its first paint: no manifest, font, icon or preload request", () => {
  const html = readHtml();
  const links = [...html.matchAll(/<link\s[^>]*>/g)].map(([tag]) => tag);
  for (const link of links) {
    const rel = link.match(/\srel="([^"]+)"/)?.[1];
    const href = link.match(/\shref="([^"]+)"/)?.[1] ?? "";
    // canonical and apple-touch-icon are never fetched by the page; the icon is inline.
    if (rel === "icon") expect(href).toMatch(/^data:image\/svg\+xml,/);
    else expect(["canonical", "apple-touch-icon"], link).toContain(rel);
  }
  // Inter is asked for after the first paint (app.css): the first frame names only the fallback.
  // One hidden letter names Inter at 150 ms; the page follows at 400 ms, once it is in.
  expect(html).toMatch(/html\{[^}]*font-family:Inter Fallback/);
  expect(html).toMatch(
    /html\{[^}]*animation:(use-inter 0s \.4s forwards|0s \.4s forwards use-inter)/,
  );
  expect(html).toMatch(/body:after\{[^}]*font-family:Inter Fallback/);
  expect(html).toMatch(
    /body:after\{[^}]*animation:(use-inter 0s \.15s forwards|0s \.15s forwards use-inter)/,
  );
});
