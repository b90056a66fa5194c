/** Eyebrow, title and introduction of a landing section, centred. */
export function SectionHeading(props: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {props.eyebrow ? (
        <p className="text-gradient text-sm font-semibold tracking-wide uppercase">
          {props.eyebrow}
        </p>
      ) : null}
      <h2
        id={props.id}
        className="mt-3 text-3xl font-semibold tracking-tight text-balance text-white sm:text-5xl"
      >
        {props.title}
      </h2>
      {props.intro ? <p className="mt-5 text-lg text-pretty text-zinc-400">{props.intro}</p> : null}
    </div>
  );
}

/** The page's content width and side padding. */
export const container = "mx-auto w-full max-w-6xl px-5 sm:px-8";
