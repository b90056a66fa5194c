import type { ReactNode } from "react";

/** Eyebrow, title and introduction of a landing section (its copy in app/content/landing.ts), centred. */
export function SectionHeading({
  id,
  copy,
}: {
  id: string;
  copy: { eyebrow?: string; title: string; intro?: string };
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {copy.eyebrow ? (
        <p className="text-gradient text-sm font-semibold tracking-wide uppercase">
          {copy.eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className="mt-3 text-3xl font-semibold tracking-tight text-balance text-white sm:text-5xl"
      >
        {copy.title}
      </h2>
      {copy.intro ? <p className="mt-5 text-lg text-pretty text-zinc-400">{copy.intro}</p> : null}
    </div>
  );
}

/** The page's content width and side padding. */
export const container = "mx-auto w-full max-w-6xl px-5 sm:px-8";

/**
 * A landing section that in-page links land on: its anchor (`id`), its heading from its copy
 * (which names the section for assistive technology), then its content in the page's width.
 * `backdrop` is drawn behind it all (a glow), before the content in the document.
 */
export function LandingSection({
  id,
  copy,
  className,
  backdrop,
  children,
}: {
  id: string;
  copy: { eyebrow?: string; title: string; intro?: string };
  className: string;
  backdrop?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      {backdrop}
      <div className={container}>
        <SectionHeading id={`${id}-title`} copy={copy} />
        {children}
      </div>
    </section>
  );
}
