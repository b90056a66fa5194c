import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";
import { commentsCsv } from "./comments-csv.ts";
import { comments, version } from "./markers-fixture.ts";

it("writes a version's comments as RFC 4180 CSV in timeline order, timecodes in drop-frame at 29.97", () => {
  expect(commentsCsv(version, comments)).toBe(
    [
      "Timecode in,Timecode out,Frame in,Frame out,Author,Comment,Resolved,Written at (UTC)",
      "00:00:00;00,00:00:00;00,0,0,Mia Chen,Logo too early,no,2026-11-28T10:00:00.000Z",
      `00:00:59;29,00:01:00;02,1799,1800,Sam (team),"'=HYPERLINK(""http://x"",""click"")",no,2026-11-28T10:01:00.000Z`,
      "00:09:59;29,00:09:59;29,17981,17981,Mia Chen,Music dips here,yes,2026-11-28T10:02:00.000Z",
      `00:10:00;00,00:10:00;02,17982,17984,3rd reviewer,"Flash | frame\nthen <b>&'",no,2026-11-28T10:03:00.000Z`,
      "00:10:00;00,00:10:00;00,17982,17982,'@Mia,'+1 to the flash,no,2026-11-28T10:04:00.000Z",
      "",
    ].join("\r\n"),
  );
});

it("reads back with a strict CSV parser, every text as written but a formula's apostrophe", () => {
  const records: string[][] = parse(commentsCsv(version, comments), {
    record_delimiter: "\r\n",
    relax_quotes: false,
  });
  expect(records).toHaveLength(comments.length + 1);
  expect(records.slice(1).map((record) => [record[2], record[4], record[5]])).toEqual([
    ["0", "Mia Chen", "Logo too early"],
    ["1799", "Sam (team)", `'=HYPERLINK("http://x","click")`],
    ["17981", "Mia Chen", "Music dips here"],
    ["17982", "3rd reviewer", "Flash | frame\nthen <b>&'"],
    ["17982", "'@Mia", "'+1 to the flash"],
  ]);
});

it("neutralises every cell a spreadsheet would run: = + - @ first", () => {
  const texts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "ok = fine"];
  const csv = commentsCsv(
    version,
    texts.map((text, index) => ({ ...comments[1]!, id: `t${index}`, text, frame: index })),
  );
  const cells = (parse(csv, { from_line: 2 }) as string[][]).map((record) => record[5]);
  expect(cells).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "ok = fine"]);
});
