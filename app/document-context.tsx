import { createContext, useContext, useState } from "react";

/**
 * What the server tells the document shell about this response: the CSP nonce of its inline
 * scripts, and the stylesheet to inline (server-rendered pages carry their CSS in the HTML, so
 * nothing blocks the first paint).
 */
interface DocumentInfo {
  nonce: string;
  inlineCss?: string;
}

const DocumentContext = createContext<DocumentInfo>({ nonce: "" });

export const DocumentProvider = DocumentContext.Provider;

export function useNonce(): string {
  return useContext(DocumentContext).nonce;
}

const inlineStyleId = "site-css";

/**
 * The site's stylesheet: inline when the server provided it, else a link. In the browser the
 * inline text is read back from the server's HTML, so hydration sees the same element and the
 * CSS never enters the JavaScript bundle.
 */
export function Stylesheet({ href }: { href: string }) {
  const fromServer = useContext(DocumentContext).inlineCss;
  const [css] = useState(() =>
    typeof document === "undefined"
      ? fromServer
      : (document.getElementById(inlineStyleId)?.textContent ?? undefined),
  );
  if (css) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, no user input.
    return <style id={inlineStyleId} dangerouslySetInnerHTML={{ __html: css }} />;
  }
  return <link rel="stylesheet" href={href} />;
}
