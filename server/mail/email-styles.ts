import { createElement as h, type ReactNode } from "react";

/** Inline styles of the emails (mail clients ignore style sheets). */
export const styles = {
  body: {
    backgroundColor: "#f4f4f5",
    fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "8px",
    maxWidth: "600px",
    padding: "32px",
  },
  heading: { color: "#18181b", fontSize: "24px", margin: "0 0 16px" },
  text: { color: "#27272a", fontSize: "15px", lineHeight: "24px", margin: "0 0 12px" },
  rule: { borderColor: "#e4e4e7", margin: "20px 0" },
  answer: { margin: "0 0 12px" },
  label: { color: "#71717a", fontSize: "13px", fontWeight: 600, margin: 0 },
  value: { color: "#18181b", fontSize: "15px", lineHeight: "22px", margin: "2px 0 0" },
  meta: { color: "#a1a1aa", fontSize: "12px", lineHeight: "18px", margin: 0 },
  action: { margin: "8px 0 24px" },
  /** A link drawn as the brand's button (the sign-in email's one action). */
  button: {
    backgroundColor: "#7c3aed",
    borderRadius: "999px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 600,
    padding: "10px 20px",
    textDecoration: "none",
  },
} as const;

/** A multi-line value as text nodes separated by <br>, so line breaks survive in HTML. */
export function lines(value: string): ReactNode[] {
  return value
    .split(/\r\n|\r|\n/)
    .flatMap((line, index) => (index === 0 ? [line] : [h("br", { key: index }), line]));
}
