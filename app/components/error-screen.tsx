import { HomeButton } from "./home-button";

/** Full-page message with a way home: the 404 page and the application error screen. */
export function ErrorScreen(props: {
  title: string;
  back: string;
  code?: string;
  detail?: string;
  /** The id of an empty element that ends it, for a route's `rel=expect` (see HomeButton). */
  endId?: string;
}) {
  return (
    <main className="grid min-h-dvh place-items-center px-6 py-24 text-center">
      <div className="max-w-lg">
        {props.code ? (
          // An HTTP status, three digits. Inter's are a fifth wider than the fallback's, so the
          // number sits left in a box of Inter's width: the swap to Inter moves nothing (CLS 0).
          <p className="text-gradient text-7xl font-extrabold tracking-tight">
            <span className="inline-block w-[2em] text-left">{props.code}</span>
          </p>
        ) : null}
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {props.title}
        </h1>
        {props.detail ? (
          <pre className="mt-6 max-h-64 overflow-auto rounded-xl bg-white/5 p-4 text-left text-xs text-zinc-400">
            {props.detail}
          </pre>
        ) : null}
        <HomeButton endId={props.endId} label={props.back} />
      </div>
    </main>
  );
}
