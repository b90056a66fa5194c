import { rates } from "#app/shared/timecode.ts";
import type { MarkedVersion, VersionComment } from "./version-comments.ts";

const at = (minute: number) => Date.UTC(2026, 10, 28, 10, minute);

/**
 * A 29.97 fps version (drop-frame) of 20 minutes and its comments, for the exports' tests:
 * a point at the first frame, a range across the first minute's skipped labels, points and a
 * range at the 10-minute boundary (00:09:59;29, then 00:10:00;00: no label skipped there), two
 * comments on one frame, and texts a spreadsheet, an EDL or XML would misread.
 */
export const version: MarkedVersion = {
  title: "Launch teaser",
  version: 2,
  rate: rates["29.97"],
  frames: 35_964, // 20 minutes of drop-frame timecode: 00:00:00;00 to 00:19:59;29
};

export const comments: VersionComment[] = [
  {
    id: "c3",
    frame: 17_981,
    outFrame: null,
    author: "Mia Chen",
    text: "Music dips here",
    resolved: true,
    createdAt: at(2),
  },
  {
    id: "c1",
    frame: 0,
    outFrame: null,
    author: "Mia Chen",
    text: "Logo too early",
    resolved: false,
    createdAt: at(0),
  },
  {
    id: "c2",
    frame: 1799,
    outFrame: 1800,
    author: "Sam (team)",
    text: '=HYPERLINK("http://x","click")',
    resolved: false,
    createdAt: at(1),
  },
  {
    id: "c5",
    frame: 17_982,
    outFrame: null,
    author: "@Mia",
    text: "+1 to the flash",
    resolved: false,
    createdAt: at(4),
  },
  {
    id: "c4",
    frame: 17_982,
    outFrame: 17_984,
    author: "3rd reviewer",
    text: "Flash | frame\nthen <b>&'",
    resolved: false,
    createdAt: at(3),
  },
];
