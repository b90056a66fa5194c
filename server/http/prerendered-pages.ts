import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Context } from "hono";

/** Written by scripts/build.ts: the pages rendered at build time and their inline scripts. */
export interface PrerenderManifest {
  /** URL of the site's stylesheet (the server inlines it into the team's pages). */
  stylesheet: string;
  /** File (in the build directory) of the stylesheet cut for the public pages it renders. */
  publicStylesheet: string;
  pages: Record<string, { file: string; scriptHashes: string[] }>;
}

interface Page {
  scriptHashes: string[];
  etag: string;
  variants: { br: Buffer; gzip: Buffer; identity: Buffer };
}

export type PrerenderedPages = Map<string, Page>;

/** The stylesheets inlined into server-rendered pages: the team's, and the public pages'. */
export interface InlineStylesheets {
  team: string;
  public: string;
}

/** The build's stylesheets, to inline into server-rendered pages. */
export async function loadStylesheets(buildDir: string): Promise<InlineStylesheets> {
  const manifest = await readManifest(buildDir);
  const read = async (file: string) => (await readFile(file, "utf8")).trim();
  return {
    team: await read(path.join(buildDir, "client", manifest.stylesheet)),
    public: await read(path.join(buildDir, manifest.publicStylesheet)),
  };
}

async function readManifest(buildDir: string): Promise<PrerenderManifest> {
  return JSON.parse(await readFile(path.join(buildDir, "prerendered.json"), "utf8"));
}

/** Loads the prerendered pages (and their brotli/gzip variants) into memory once. */
export async function loadPrerenderedPages(buildDir: string): Promise<PrerenderedPages> {
  const manifest = await readManifest(buildDir);
  const pages = new Map<string, Page>();
  for (const [route, entry] of Object.entries(manifest.pages)) {
    const file = path.join(buildDir, "client", entry.file);
    const [identity, br, gzip] = await Promise.all([
      readFile(file),
      readFile(`${file}.br`),
      readFile(`${file}.gz`),
    ]);
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    pages.set(route, { scriptHashes: entry.scriptHashes, etag, variants: { br, gzip, identity } });
  }
  return pages;
}

/** Answers a prerendered page from memory, in the best encoding the client accepts. */
export function sendPrerenderedPage(c: Context, page: Page): Response {
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Cache-Control", "public, max-age=0, must-revalidate");
  c.header("ETag", page.etag);
  c.header("Vary", "Accept-Encoding");
  if (c.req.header("If-None-Match") === page.etag) return c.body(null, 304);
  const encoding = pickEncoding(c.req.header("Accept-Encoding"));
  if (encoding !== "identity") c.header("Content-Encoding", encoding);
  const body = page.variants[encoding];
  c.header("Content-Length", String(body.length));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(new Uint8Array(body), 200);
}

export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}
