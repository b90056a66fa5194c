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
 * wide screens show the whole row. Each loop is a muted `<video loop loading="lazy"
 * preload="none">` that the page's one inline script lets autoplay (look-script.ts), so the
 * browser fetches it only when it comes near and pauses it off-screen; with reduced motion,
 * Save-Data or no scripts nothing plays by itself and the poster stays. A tap opens the closer
 * look, a `<dialog>` the button opens with an invoker command (no script).
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
      <figure className="work-loop render-when-near-box relative aspect-[9/16] overflow-hidden rounded-[1.4rem] bg-white/5 shadow-2xl shadow-black/50 ring-1 ring-white/15">
        <picture>
          <source type="image/avif" srcSet={files.posterSrcSet.avif} sizes={sizes} />
          <img
            src={files.poster}
            alt={clip.alt}
            width={loop.width}
            height={loop.height}
            loading="lazy"
            decoding="async"
          />
        </picture>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a video without controls takes no focus; the poster's alt text speaks for it */}
        <video
          className="work-loop-video"
          width={loop.width}
          height={loop.height}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          {...lazy}
        >
          <source src={files.loop.av1} type='video/mp4; codecs="av01.0.04M.08"' />
          <source src={files.loop.h264} type="video/mp4" />
        </video>
        <figcaption>
          <b>{clip.niche}</b>
          {clip.caption}
        </figcaption>
        <button
          type="button"
          {...opens(dialogId)}
          aria-label={work.openLabel.replace("{title}", clip.title)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 6v12l10-6z" />
          </svg>
        </button>
      </figure>
      <dialog id={dialogId} aria-labelledby={`${dialogId}-title`} className="work-look">
        <h3 id={`${dialogId}-title`}>{clip.title}</h3>
        <button type="button" {...closes(dialogId)}>
          {work.closeLabel}
        </button>
        <video
          width={720}
          height={1280}
          controls
          loop
          playsInline
          preload="none"
          aria-label={clip.alt}
          {...lazy}
        >
          <source src={files.look} />
        </video>
      </dialog>
    </>
  );
}
