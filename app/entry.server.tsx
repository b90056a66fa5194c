import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "~/shared/app-context";
import { DocumentProvider } from "./document-context";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce = "", inlineCss } = appContext(loadContext);
  const report = reporterOf(loadContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <DocumentProvider value={{ nonce, inlineCss }}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </DocumentProvider>,
    {
      nonce: nonce || undefined,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) report(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and prerendering get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What React Router calls with an error no loader, action or render caught: the server's log
 * gets it as one JSON line with the request id (the visitor gets the error screen, never the
 * error). A request the client gave up on is no error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  reporterOf(context)(error);
};

/** The server's reporter, or the console while prerendering at build time. */
function reporterOf(context: unknown): (error: unknown) => void {
  return appContext(context).reportError ?? ((error) => console.error(error));
}
