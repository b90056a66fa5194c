import { stringify } from "csv-stringify/sync";
import { portalReview } from "#app/content/portal-review.ts";
import { frameToTimecode } from "#app/shared/timecode.ts";
import { neutralise } from "../../export/export-format.ts";
import { inTimelineOrder, type MarkedVersion, type VersionComment } from "./version-comments.ts";

/**
 * A version's comments as CSV (RFC 4180: CRLF between records, fields with a comma, a quote or
 * a line break quoted, quotes doubled), one row per comment in timeline order: timecodes in the
 * version's own style (drop-frame at 29.97 and 59.94), frames, author, text, resolved, when.
 * A cell a spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading
 * apostrophe, as the team's exports do (`neutralise`).
 */
export function commentsCsv(version: MarkedVersion, comments: readonly VersionComment[]): string {
  const rows = inTimelineOrder(version, comments).map((comment) => {
    const out = comment.outFrame ?? comment.frame;
    return [
      frameToTimecode(comment.frame, version.rate),
      frameToTimecode(out, version.rate),
      comment.frame,
      out,
      comment.author,
      comment.text,
      comment.resolved ? "yes" : "no",
      new Date(comment.createdAt).toISOString(),
    ];
  });
  return stringify([[...portalReview.markers.csvColumns], ...rows], {
    record_delimiter: "windows",
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR.
    quoted_match: /[\r\n]/,
    cast: { string: neutralise },
  });
}
