import { describe, expect, it } from "vitest";
import { automaticByHeaders, automaticBySender } from "./automatic-mail.ts";

const headers = (...lines: string[]) =>
  lines.map((line) => ({ key: line.slice(0, line.indexOf(":")).toLowerCase(), line }));

describe("mail no person wrote", () => {
  it("is told by its headers: Auto-Submitted but no, X-Autoreply, Precedence, reports, Return-Path <>", () => {
    for (const automatic of [
      ["Auto-Submitted: auto-replied"],
      ["Auto-Submitted: auto-generated; owner-email=x@example.org"],
      ["Auto-Submitted: auto-notified (vacation)"],
      ["X-Autoreply: yes"],
      ["X-Autorespond: vacation"],
      ["Precedence: bulk"],
      ["Precedence: auto_reply"],
      ["Precedence: List"],
      ['Content-Type: multipart/report; report-type=delivery-status;\r\n boundary="b"'],
      ["Content-Type: multipart/report; report-type=disposition-notification"],
      ["Return-Path: <>"],
    ]) {
      expect(automaticByHeaders(headers("Subject: Out of office", ...automatic))).toBe(true);
    }
  });

  it("is not a person's mail with none of them, or Auto-Submitted: no", () => {
    expect(
      automaticByHeaders(
        headers(
          "Subject: Re: Your application",
          "Auto-Submitted: no",
          "Precedence: first-class",
          "Content-Type: multipart/mixed; boundary=x",
          "Return-Path: <maya@example.org>",
        ),
      ),
    ).toBe(false);
  });

  it("is told by its sender: the null envelope sender, MAILER-DAEMON", () => {
    expect(automaticBySender("", "maya@example.org")).toBe(true);
    expect(automaticBySender("<>", "maya@example.org")).toBe(true);
    expect(automaticBySender(undefined, "MAILER-DAEMON@mx.example.org")).toBe(true);
    expect(automaticBySender("maya@example.org", "maya@example.org")).toBe(false);
    expect(automaticBySender(undefined, "maya@example.org")).toBe(false);
  });
});
