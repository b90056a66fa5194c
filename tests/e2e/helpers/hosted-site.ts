import { readFile } from "node:fs/promises";
import http from "node:http";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

// A site built on the hosted backend, as issue 41 describes it: a page of another origin that
// loads @supabase/supabase-js's browser bundle (UMD, from node_modules: no network) and sends
// the questionnaire with `supabase.functions.invoke('send-onboarding-email', { body })`.

const bundle = fileURLToPath(import.meta.resolve("@supabase/supabase-js/dist/umd/supabase.js"));

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A site on a hosted backend</title>
<script src="/supabase.js"></script></head><body><h1>Apply</h1></body></html>`;

export interface HostedSite {
  origin: string;
  close: () => Promise<void>;
}

/** The site on 127.0.0.1:`port` (0: a free port): `/` and `/supabase.js`, nothing else. */
export async function startHostedSite(port: number): Promise<HostedSite> {
  const script = await readFile(bundle);
  const server = http.createServer((request, response) => {
    if (request.url === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    } else if (request.url === "/supabase.js") {
      response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" }).end(script);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What `functions.invoke` gave the site's page: the data, or the error, its status and body. */
export interface Invoked {
  data: unknown;
  error: { name: string; status?: number; body?: unknown } | null;
}

/**
 * On `page` (the site's, loaded), `createClient(api, key).functions.invoke(...)` with `body`
 * (and a `region`: one more header, and a query parameter), exactly as such a site calls it.
 */
export function invokeIntake(
  page: Page,
  options: { api: string; key: string; body: Record<string, string>; region?: string },
): Promise<Invoked> {
  return page.evaluate(async ({ api, key, body, region }) => {
    type Client = {
      functions: {
        invoke: (
          name: string,
          options: { body: unknown; region?: string },
        ) => Promise<{
          data: unknown;
          error: { name: string; context?: Response } | null;
        }>;
      };
    };
    const { createClient } = (
      window as unknown as {
        supabase: { createClient: (url: string, key: string, options: unknown) => Client };
      }
    ).supabase;
    const supabase = createClient(api, key, { auth: { persistSession: false } });
    const { data, error } = await supabase.functions.invoke("send-onboarding-email", {
      body,
      ...(region ? { region } : {}),
    });
    if (!error) return { data, error: null };
    const response = error.context instanceof Response ? error.context : undefined;
    const json = response ? await response.json().catch(() => undefined) : undefined;
    return { data, error: { name: error.name, status: response?.status, body: json } };
  }, options);
}
