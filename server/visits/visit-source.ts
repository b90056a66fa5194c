import { directSource } from "#app/shared/application-source.ts";
import { forbiddenCharacters, hasFormattingCharacters } from "#app/shared/text.ts";
import type { VisitSource } from "../db/visits-schema.ts";

/** What a source, medium or campaign keeps at most (characters). */
export const maxSourceLength = 100;

/** A utm_* value as kept: trimmed, one line, printable, at most maxSourceLength characters. */
function cleanValue(value: string | null): string {
  if (!value) return "";
  const text = value.trim().slice(0, maxSourceLength);
  const unfit = forbiddenCharacters.test(text) || /[\t\n\r]/.test(text);
  return unfit || hasFormattingCharacters(text) ? "" : text;
}

/** The referring site: its host, lower-case, without "www."; "" for none, ours, or no URL. */
export function referrerSite(referer: string | null | undefined, ownHost: string): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    const own = ownHost
      .toLowerCase()
      .replace(/:\d+$/, "")
      .replace(/^www\./, "");
    return host === own ? "" : host.slice(0, maxSourceLength);
  } catch {
    return "";
  }
}

/**
 * Where a visit came from: utm_source, utm_medium and utm_campaign of the page's URL, and the
 * referring site; the source is utm_source, else the referring site, else "(direct)".
 */
export function visitSourceOf(
  params: URLSearchParams,
  referer: string | null | undefined,
  ownHost: string,
): VisitSource {
  const referrer = referrerSite(referer, ownHost);
  return {
    source: cleanValue(params.get("utm_source")) || referrer || directSource,
    medium: cleanValue(params.get("utm_medium")),
    campaign: cleanValue(params.get("utm_campaign")),
    referrer,
  };
}
