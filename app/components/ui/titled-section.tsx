import type { ReactNode } from "react";

/** A section of a page named by its heading (`id`), `className` its own (spacing, width). */
export function TitledSection(props: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className="text-xl font-bold text-white">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
