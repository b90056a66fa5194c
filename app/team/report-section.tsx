import type { ReactNode } from "react";

/** A titled part of a report page (Insights, Response times): its heading (`id`) names it. */
export function ReportSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="mt-10">
      <h2 id={props.id} className="text-xl font-bold text-white">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
