import { landing } from "~/content/landing";
import { work } from "~/content/work/work";
import { lookScript } from "./look-script";
import { container, SectionHeading } from "./section-heading";
import { type ShownClip, shownClips } from "./work-clips";

/** Natural size of a loop (9:16); shown smaller, never stretched. */
const loop = { width: 540, height: 960 };
/** How wide a loop shows: w-40 on phones, w-52 from `sm` (and at most that on wide screens). */
const sizes = "(min-width: 640px) 13rem, 10rem";

/**
 * Attributes React has no name for yet: invoker commands (a button opens and closes a
 * `<dialog>` with no script) and lazy loading of a video.
 */
const opens = (id: string) => ({ commandfor: id, command: "show-modal" }) as object;
const closes = (id: string) => ({ commandfor: id, command: "close" }) as object;
const lazy = { loading: "lazy" } as object;

/**
 * The spec's wide band of everyday creators, as work to watch: short vertical loops of edits,
 * each with its niche and what the edit did. Phones scroll it sideways (snapping loop by loop);
 * wide screens show the whole row. No script: each loop is a muted `<video autoplay loop
 * loading="lazy" preload="none">`, so the browser fetches it only when it comes near and pauses
 * it off-screen; with reduced motion it is not displayed (so never fetched) and the poster
 * stays. A tap opens the closer look, a `<dialog>` the button opens with an invoker command.
 * Decision 0067.
 */
export function CreatorsBand({ clips = shownClips() }: { clips?: ShownClip[] }) {
  const { creators } = landing;
  return (
    <section
      aria-labelledby="creators-title"
      className="render-when-near overflow-hidden py-16 sm:py-24"
    >
      <div className={container}>
        <SectionHeading id="creators-title" copy={creators} />
      </div>
      <section
        aria-label={work.bandLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the band scrolls sideways on narrow screens, and keyboard users must be able to scroll it too
        tabIndex={0}
        className="mt-16 snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] xl:overflow-visible"
      >
        <ul className="flex w-max gap-4 px-5 pb-12 sm:px-8 xl:mx-auto xl:w-full xl:max-w-[96rem] xl:justify-center">
          {clips.map((clip, index) => (
            <li
              key={clip.id}
              className={`w-40 shrink-0 snap-center sm:w-52 xl:w-auto xl:max-w-52 xl:flex-1 ${index % 2 ? "xl:translate-y-10" : ""}`}
            >
              <WorkLoop clip={clip} />
            </li>
          ))}
        </ul>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, hashed into the CSP by the build */}
      <script dangerouslySetInnerHTML={{ __html: lookScript }} />
    </section>
  );
}

function WorkLoop({ clip }: { clip: ShownClip }) {
  const dialogId = `look-${clip.id}`;
  const { files } = clip;
  return (
    <>
      <figure
        className="work-loop render-when-near-box relative aspect-[9/16] overflow-hidden rounded-[1.4rem] bg-white/5 shadow-2xl shadow-black/50 ring-1 ring-white/15"
        data-clip={clip.id}
      >
        <picture>
          <source type="image/avif" srcSet={files.posterSrcSet.avif} sizes={sizes} />
          <img
            src={files.poster}
            srcSet={files.posterSrcSet.webp}
            sizes={sizes}
            alt={clip.alt}
            width={loop.width}
            height={loop.height}
            loading="lazy"
            decoding="async"
            className="block aspect-[9/16] h-auto w-full"
          />
        </picture>
        <video
          className="work-loop-video absolute inset-0 h-full w-full object-cover"
          width={loop.width}
          height={loop.height}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          disablePictureInPicture
          aria-hidden="true"
          tabIndex={-1}
          {...lazy}
        >
          <source src={files.loop.av1} type='video/mp4; codecs="av01.0.04M.08"' />
          <source src={files.loop.h264} type='video/mp4; codecs="avc1.640028"' />
        </video>
        <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent p-3 pt-10 text-left">
          <span className="block text-xs font-semibold tracking-wide text-white/90 uppercase">
            {clip.niche}
          </span>
          <span className="mt-0.5 block text-[0.8rem] leading-snug text-white">{clip.caption}</span>
        </figcaption>
        <button
          type="button"
          {...opens(dialogId)}
          aria-label={work.openLabel.replace("{title}", clip.title)}
          aria-haspopup="dialog"
          className="absolute inset-0 flex cursor-pointer items-start justify-end rounded-[1.4rem] p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-black/45 text-white ring-1 ring-white/30 backdrop-blur-sm"
          >
            <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
            </svg>
          </span>
        </button>
      </figure>
      <dialog
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        className="work-look m-auto w-[min(92vw,calc(78dvh*9/16))] overflow-visible bg-transparent p-0 text-white backdrop:bg-black/85 backdrop:backdrop-blur-sm"
      >
        <div className="flex items-center justify-between gap-3 pb-3">
          <h3 id={`${dialogId}-title`} className="text-base font-semibold">
            {clip.title}
          </h3>
          <button
            type="button"
            {...closes(dialogId)}
            className="rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium text-white ring-1 ring-white/25 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {work.closeLabel}
          </button>
        </div>
        <video
          className="block aspect-[9/16] h-auto w-full rounded-2xl bg-black"
          width={720}
          height={1280}
          controls
          autoPlay
          loop
          playsInline
          preload="none"
          aria-label={clip.alt}
          {...lazy}
        >
          <source src={files.look} type='video/mp4; codecs="avc1.640028"' />
        </video>
        <p className="pt-3 text-sm text-zinc-300">
          <span className="font-semibold text-white">{clip.niche}</span> · {clip.caption}
        </p>
      </dialog>
    </>
  );
}
