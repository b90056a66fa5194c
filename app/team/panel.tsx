import type { ReactNode } from "react";

/** One panel of the application page's side column: its heading (`id`) names it. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-white/10 bg-surface p-5" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
