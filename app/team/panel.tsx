import type { ReactNode } from "react";

/**
 * One panel of a team page: its heading (`id`) names it. `anchor`: the section's own id, a
 * place the page's links and actions return to (`#notes`), kept clear of the page's top.
 */
export function Panel({
  id,
  title,
  anchor,
  children,
}: {
  id: string;
  title: string;
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={anchor}
      className={`${anchor ? "scroll-mt-4 " : ""}rounded-2xl border border-white/10 bg-surface p-5`}
      aria-labelledby={id}
    >
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
