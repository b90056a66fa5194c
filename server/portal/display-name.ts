import { printable, withoutFormattingCharacters } from "#app/shared/text.ts";

/** The longest display name kept, in characters (code points); longer ones are cut, with "…". */
export const displayNameMax = 120;

/**
 * The name a person's file had (tus `Upload-Metadata: filename`), made fit to show: control
 * characters (C0, DEL, C1, line separators) become spaces and runs of spaces one, bidirectional
 * controls and zero-width characters go (emoji keep their joiners), unpaired surrogates go, and
 * it is cut to `displayNameMax` characters. Only ever shown as text: never a path (files are
 * named by the upload's random id).
 */
export function displayName(raw: string | null | undefined): string {
  const cleaned = withoutFormattingCharacters(printable(raw ?? "").toWellFormed())
    .replace(/\uFFFD/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(cleaned);
  if (characters.length <= displayNameMax) return cleaned;
  return `${characters
    .slice(0, displayNameMax - 1)
    .join("")
    .trimEnd()}…`;
}
