import type { ComponentProps } from "react";

/** A raised panel on the dark page. */
export function Card({ className = "", ...props }: ComponentProps<"section">) {
  return (
    <section
      {...props}
      className={`rounded-3xl border border-white/10 bg-surface p-6 shadow-2xl shadow-black/40 sm:p-10 ${className}`.trim()}
    />
  );
}
