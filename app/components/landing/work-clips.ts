import { type WorkClip, work } from "~/content/work/work";

/**
 * The work band's files, built from the operator's clips into app/work/ (scripts/work/): Vite
 * fingerprints them (`/assets/{id}-loop.h264-{hash}.mp4`), so they are cached for a year.
 */
const files = import.meta.glob<string>("../../work/*.{avif,webp,mp4}", {
  eager: true,
  query: "?url",
  import: "default",
});

export interface WorkClipFiles {
  /** The smallest WebP poster: what a browser without srcset support loads. */
  poster: string;
  posterSrcSet: { avif: string; webp: string };
  loop: { av1: string; h264: string };
  look: string;
}

export type ShownClip = WorkClip & { files: WorkClipFiles };

const urlOf = (name: string) => files[`../../work/${name}`];

/** The files of a clip, or undefined when any is missing (the build checks they are not). */
export function workClipFiles(id: string): WorkClipFiles | undefined {
  const posters = (format: "avif" | "webp") =>
    [360, 540].map((width) => ({ width, url: urlOf(`${id}-poster-${width}.${format}`) }));
  const [avif, webp] = [posters("avif"), posters("webp")];
  const av1 = urlOf(`${id}-loop.av1.mp4`);
  const h264 = urlOf(`${id}-loop.h264.mp4`);
  const look = urlOf(`${id}-look.mp4`);
  const all = [...avif, ...webp];
  if (!av1 || !h264 || !look || all.some((poster) => !poster.url)) return undefined;
  const srcSet = (list: { width: number; url: string | undefined }[]) =>
    list.map((poster) => `${poster.url} ${poster.width}w`).join(", ");
  return {
    poster: webp[0]!.url!,
    posterSrcSet: { avif: srcSet(avif), webp: srcSet(webp) },
    loop: { av1, h264 },
    look,
  };
}

/** The clips of app/content/work/work.ts that have their files, in their order. */
export function shownClips(clips: readonly WorkClip[] = work.clips): ShownClip[] {
  return [...clips]
    .sort((a, b) => a.order - b.order)
    .flatMap((clip) => {
      const found = workClipFiles(clip.id);
      return found ? [{ ...clip, files: found }] : [];
    });
}
