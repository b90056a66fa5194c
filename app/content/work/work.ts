/**
 * The work shown on `/` as short vertical loops (the creators band): the operator's own clips.
 *
 * Add one: drop the source clip (any video ffmpeg reads: .mp4, .mov, .webm; vertical 9:16 looks
 * best) into app/content/work/clips/, add an entry below with `source` naming the file, and run
 * `npm run build` with ffmpeg installed (or FFMPEG_PATH pointing at it). The build writes the
 * posters and renditions into app/work/ (commit them: a machine without ffmpeg then builds as
 * is). The loop of each clip must fit 700 KB: a longer or busier clip fails the build, named.
 * Entries without `source` are the project's own demo loops, made by scripts/work/demo.ts.
 */
export interface WorkClip {
  /** Names the built files (app/work/{id}-…): lower case, digits and dashes. */
  id: string;
  /** Short title, the closer look's heading. */
  title: string;
  /** The creator's niche, shown on the loop. */
  niche: string;
  /** One line of context: what the edit did (hook, captions, pacing). */
  caption: string;
  /** Text alternative of the clip: what is seen in it. */
  alt: string;
  /** Place in the band, smallest first. */
  order: number;
  /** The source clip's file name in app/content/work/clips/; none for the demo loops. */
  source?: string;
  /** Second of the source the poster is taken from (default 0.5). */
  posterAt?: number;
}

export const work = {
  /** Label of the band's list, for screen readers. */
  bandLabel: "Reels we edited for everyday creators",
  /** Label of the button over each loop; `{title}` is the clip's title. */
  openLabel: "Watch {title} larger",
  closeLabel: "Close",
  /** Under the larger clip. */
  soundNote: "Sound on in the larger view, where the clip has it.",
  clips: [
    {
      id: "hook-card",
      title: "A hook that holds",
      niche: "Coaching",
      caption: "Hook title card in the first second",
      alt: "A coach talks to camera as a bold title card, “Stop doing this every morning”, snaps in word by word",
      order: 1,
    },
    {
      id: "pacing",
      title: "Pacing: before and after",
      niche: "Fitness",
      caption: "Same footage, dead air cut, punch-in zooms",
      alt: "The same workout take twice: above it lingers, below it cuts on the beat and zooms in",
      order: 3,
    },
    {
      id: "captions-karaoke",
      title: "Karaoke captions",
      niche: "Travel",
      caption: "Word-by-word captions, karaoke fill",
      alt: "A travel guide reel over a sunset city; captions fill with colour as each word is spoken",
      order: 2,
    },
  ] satisfies readonly WorkClip[] as readonly WorkClip[],
} as const;
