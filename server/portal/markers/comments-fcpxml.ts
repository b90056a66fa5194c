import { portalReview } from "#app/content/portal-review.ts";
import { fill } from "#app/shared/text.ts";
import type { FrameRate } from "#app/shared/timecode.ts";
import {
  type MarkedVersion,
  markerSheet,
  singleLine,
  type VersionComment,
} from "./version-comments.ts";

export interface FcpxmlOptions {
  /**
   * The media-rep's `src`: where the version's file is. By default its name as a relative URL,
   * for the file downloaded next to the .fcpxml; Final Cut Pro relinks an offline clip.
   */
  mediaSrc: string;
  width?: number;
  height?: number;
}

/**
 * A version's comments as FCPXML 1.10 (decision 0090): the version as an asset, one project
 * whose spine holds that asset's clip, and on the clip one to-do marker per comment (`value`
 * "Author: text", `completed` 1 when resolved, a range's length as its `duration`). Every time
 * is an exact rational of whole frames, `frames × den / num` seconds written `N/Ds` (1001/30000s
 * a frame at 29.97), never a rounded decimal; `tcFormat` DF at 29.97 and 59.94.
 */
export function commentsFcpxml(
  version: MarkedVersion,
  comments: readonly VersionComment[],
  options: FcpxmlOptions,
): string {
  const { name, dropFrame, markers } = markerSheet(version, comments);
  const at = (frames: number) => rationalSeconds(frames, version.rate);
  const tcFormat = dropFrame ? "DF" : "NDF";
  const project = singleLine(
    fill(portalReview.markers.fcpxmlProject, { title: version.title, version: version.version }),
  );
  const size =
    options.width && options.height ? ` width="${options.width}" height="${options.height}"` : "";
  const markerLines = markers.map(
    (marker) =>
      `            <marker start="${at(marker.frame)}" duration="${at(marker.frames)}" value="${xml(marker.label)}" completed="${marker.resolved ? 1 : 0}"/>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<!DOCTYPE fcpxml>`,
    `<fcpxml version="1.10">`,
    `  <resources>`,
    `    <format id="r1" frameDuration="${at(1)}"${size}/>`,
    `    <asset id="r2" name="${xml(name)}" start="0s" duration="${at(version.frames)}" hasVideo="1" format="r1">`,
    `      <media-rep kind="original-media" src="${xml(options.mediaSrc)}"/>`,
    `    </asset>`,
    `  </resources>`,
    `  <event name="${xml(singleLine(version.title))}">`,
    `    <project name="${xml(project)}">`,
    `      <sequence format="r1" duration="${at(version.frames)}" tcStart="0s" tcFormat="${tcFormat}">`,
    `        <spine>`,
    `          <asset-clip ref="r2" name="${xml(name)}" offset="0s" start="0s" duration="${at(version.frames)}" tcFormat="${tcFormat}">`,
    ...markerLines,
    `          </asset-clip>`,
    `        </spine>`,
    `      </sequence>`,
    `    </project>`,
    `  </event>`,
    `</fcpxml>`,
    ``,
  ].join("\n");
}

/** `frames` frames as FCPXML's rational seconds: "0s", "1001/30000s", "50/25s". */
export function rationalSeconds(frames: number, rate: FrameRate): string {
  return frames === 0 ? "0s" : `${frames * rate.den}/${rate.num}s`;
}

/** Text for an XML attribute: the five entities; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 refuses
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
