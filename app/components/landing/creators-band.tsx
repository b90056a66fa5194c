import { landing } from "~/content/landing";
import { creatorImage } from "./creator-images";
import { container, SectionHeading } from "./section-heading";

/** Natural size of a reel illustration (9:16); shown smaller, never stretched. */
const reel = { width: 360, height: 640 };
/** How wide a reel shows: w-40 on phones, w-52 from `sm` (and at most that on wide screens). */
const sizes = "(min-width: 640px) 13rem, 10rem";

/**
 * A wide band of everyday creators in vertical reel frames. Phones scroll it sideways
 * (snapping reel by reel); wide screens show the whole row.
 */
export function CreatorsBand() {
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
        aria-label={creators.bandLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the band scrolls sideways on narrow screens, and keyboard users must be able to scroll it too
        tabIndex={0}
        className="mt-16 snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] xl:overflow-visible"
      >
        <ul className="flex w-max gap-4 px-5 pb-12 sm:px-8 xl:mx-auto xl:w-full xl:max-w-[96rem] xl:justify-center">
          {creators.items.map((creator, index) => {
            const image = creatorImage(creator.id);
            return (
              <li
                key={creator.id}
                className={`w-40 shrink-0 snap-center sm:w-52 xl:w-auto xl:max-w-52 xl:flex-1 ${index % 2 ? "xl:translate-y-10" : ""}`}
              >
                <figure className="render-when-near-box relative aspect-[9/16] overflow-hidden rounded-[1.4rem] bg-white/5 shadow-2xl shadow-black/50 ring-1 ring-white/15">
                  {image ? (
                    <picture>
                      <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />
                      <img
                        src={image.src}
                        srcSet={image.srcSet.webp}
                        sizes={sizes}
                        alt={creator.alt}
                        width={reel.width}
                        height={reel.height}
                        loading="lazy"
                        decoding="async"
                        className="block aspect-[9/16] h-auto w-full"
                      />
                    </picture>
                  ) : (
                    <div className="aspect-[9/16]" />
                  )}
                  <span className="absolute top-5 left-3 rounded-full bg-black/40 px-2.5 py-1 text-xs font-medium text-white">
                    {creator.niche}
                  </span>
                  <figcaption className="absolute inset-x-0 bottom-0 p-3.5 pr-10 text-left">
                    <span className="block text-sm font-semibold text-white">{creator.handle}</span>
                    <span className="mt-0.5 block text-[0.8rem] leading-snug text-white/85">
                      {creator.caption}
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </section>
    </section>
  );
}
