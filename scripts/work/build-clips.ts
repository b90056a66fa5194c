import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { WorkClip } from "#app/content/work/work.ts";
import { findFfmpeg, hasAudio, runFfmpeg } from "./ffmpeg.ts";

/**
 * The work band's files, from the operator's clips (app/content/work/): for each clip
 * - posters `{id}-poster-{360,540}.{avif,webp}` (the band shows a loop 160–208 CSS px wide: 360
 *   for 1–2×, 540 for 3×; WebP only as the fallback `src`);
 * - the loops `{id}-loop.av1.mp4` and `{id}-loop.h264.mp4`: 540 × 960, no audio track,
 *   faststart (the index first, so playing starts with the first bytes), each at most
 *   `budgets.loopBytes`;
 * - the closer look `{id}-look.mp4`: H.264 720 × 1280 with the clip's sound (AAC) if it has any.
 * They go to app/work/ and are committed, with manifest.json: per clip, a hash of its source
 * and of these settings. A clip whose hash is unchanged is not encoded again, so a machine
 * without ffmpeg builds what is committed. Decision 0067.
 */
export const posterWidths = [360, 540] as const;
export const loopSize = { width: 540, height: 960 };
export const lookSize = { width: 720, height: 1280 };
/** Longest stretch of a source that is used (loops are short; a longer clip is cut). */
export const maxSeconds = 12;
export const defaultBudgets = { loopBytes: 700 * 1024, lookBytes: 3 * 1024 * 1024 };
export type ClipBudgets = typeof defaultBudgets;
/** Changing an encoding setting below: bump it, and every clip is encoded again. */
const settingsVersion = "1";

export interface ManifestEntry {
  /** sha256 of the source file and the settings; "demo" for the demo loops. */
  input: string;
  /** Whether the closer look has sound. */
  sound: boolean;
}
export type WorkManifest = Record<string, ManifestEntry>;

export function clipFiles(id: string) {
  return {
    posters: posterWidths.flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        width,
        format,
        file: `${id}-poster-${width}.${format}`,
      })),
    ),
    loopAv1: `${id}-loop.av1.mp4`,
    loopH264: `${id}-loop.h264.mp4`,
    look: `${id}-look.mp4`,
  };
}

const allFiles = (id: string) => {
  const files = clipFiles(id);
  return [...files.posters.map((poster) => poster.file), files.loopAv1, files.loopH264, files.look];
};

export interface BuildOptions {
  clips: readonly WorkClip[];
  /** app/content/work/clips */
  sourceDir: string;
  /** app/work */
  outDir: string;
  ffmpeg?: string | undefined;
  budgets?: ClipBudgets;
  log?: (line: string) => void;
  /** How ffmpeg is found when `ffmpeg` is not given and a clip needs encoding. */
  findFfmpeg?: () => string | undefined;
}

/** Makes what is missing or stale, checks every clip's budget, and drops files of no clip. */
export async function buildWorkClips(options: BuildOptions): Promise<{ encoded: string[] }> {
  const { clips, sourceDir, outDir, budgets = defaultBudgets, log = () => {} } = options;
  const ids = new Set<string>();
  for (const clip of clips) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(clip.id)) {
      throw new Error(`work clip "${clip.id}": an id is lower-case letters, digits and dashes`);
    }
    if (ids.has(clip.id)) throw new Error(`work clip "${clip.id}" is listed twice`);
    ids.add(clip.id);
  }
  await mkdir(outDir, { recursive: true });
  const manifestFile = path.join(outDir, "manifest.json");
  const manifest: WorkManifest = existsSync(manifestFile)
    ? JSON.parse(await readFile(manifestFile, "utf8"))
    : {};
  const present = (id: string) => allFiles(id).every((file) => existsSync(path.join(outDir, file)));
  const encoded: string[] = [];
  let ffmpeg = options.ffmpeg;
  for (const clip of clips) {
    if (!clip.source) {
      if (!present(clip.id) || !manifest[clip.id]) {
        throw new Error(
          `work clip "${clip.id}" has no source and its built files are missing from ${outDir}: make the demo loops with \`node scripts/work/demo.ts\`, or give it a source`,
        );
      }
    } else {
      const source = path.join(sourceDir, clip.source);
      if (!existsSync(source)) {
        throw new Error(`work clip "${clip.id}": its source ${source} does not exist`);
      }
      const input = await sourceHash(source);
      if (manifest[clip.id]?.input !== input || !present(clip.id)) {
        ffmpeg ??= (options.findFfmpeg ?? findFfmpeg)();
        if (!ffmpeg) {
          throw new Error(
            `work clip "${clip.id}" (${clip.source}) needs ffmpeg to be built: install Debian's ffmpeg or set FFMPEG_PATH`,
          );
        }
        const started = performance.now();
        const sound = await encodeClip(ffmpeg, source, outDir, clip);
        manifest[clip.id] = { input, sound };
        encoded.push(clip.id);
        log(`work: ${clip.id} encoded in ${Math.round(performance.now() - started)} ms`);
      }
    }
    await checkBudgets(clip, outDir, budgets);
  }
  for (const id of Object.keys(manifest)) if (!ids.has(id)) delete manifest[id];
  const keep = new Set([...ids].flatMap(allFiles));
  for (const name of await readdir(outDir)) {
    if (name !== "manifest.json" && !keep.has(name)) await rm(path.join(outDir, name));
  }
  await writeFile(manifestFile, `${JSON.stringify(sorted(manifest), null, 2)}\n`);
  return { encoded };
}

async function sourceHash(file: string): Promise<string> {
  const hash = createHash("sha256").update(`settings ${settingsVersion}\n`);
  hash.update(await readFile(file));
  return hash.digest("hex");
}

function sorted(manifest: WorkManifest): WorkManifest {
  return Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** Fails, naming the clip, when a loop or the closer look is over its budget. */
export async function checkBudgets(clip: WorkClip, outDir: string, budgets: ClipBudgets) {
  const files = clipFiles(clip.id);
  const named = clip.source ? `work clip "${clip.id}" (${clip.source})` : `work clip "${clip.id}"`;
  for (const [file, budget, what] of [
    [files.loopAv1, budgets.loopBytes, "loop (AV1)"],
    [files.loopH264, budgets.loopBytes, "loop (H.264)"],
    [files.look, budgets.lookBytes, "closer look"],
  ] as const) {
    const { size } = await stat(path.join(outDir, file));
    if (size > budget) {
      throw new Error(
        `${named}: its ${what} is ${kb(size)}, over the budget of ${kb(budget)}. Trim the clip (at most ${maxSeconds} s are used) or choose a calmer one.`,
      );
    }
  }
}

const fitTo = ({ width, height }: { width: number; height: number }) =>
  `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;

/**
 * Encodes one source into the clip's files in `outDir`; returns whether the closer look has
 * sound. Cheap on purpose (this runs on 2 shared cores): SVT-AV1 preset 8, x264 preset slow.
 */
export async function encodeClip(
  ffmpeg: string,
  source: string,
  outDir: string,
  clip: Pick<WorkClip, "id" | "posterAt">,
): Promise<boolean> {
  const files = clipFiles(clip.id);
  const sound = await hasAudio(ffmpeg, source);
  const loopFilter = `${fitTo(loopSize)},fps=30,format=yuv420p`;
  const common = ["-t", String(maxSeconds), "-i", source, "-map", "0:v:0", "-an", "-sn", "-dn"];
  const mp4 = ["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4"];
  await runFfmpeg(ffmpeg, [
    ...common,
    ...["-vf", loopFilter, "-c:v", "libx264", "-preset", "slow", "-crf", "27"],
    ...["-profile:v", "high", "-g", "60", "-threads", "2"],
    ...mp4,
    path.join(outDir, files.loopH264),
  ]);
  await runFfmpeg(ffmpeg, [
    ...common,
    ...["-vf", loopFilter, "-c:v", "libsvtav1", "-preset", "8", "-crf", "40", "-g", "60"],
    ...mp4,
    path.join(outDir, files.loopAv1),
  ]);
  await runFfmpeg(ffmpeg, [
    ...["-t", String(maxSeconds), "-i", source, "-map", "0:v:0"],
    ...(sound ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", "96k", "-ac", "2"] : ["-an"]),
    ...["-sn", "-dn", "-vf", `${fitTo(lookSize)},fps=30,format=yuv420p`],
    ...["-c:v", "libx264", "-preset", "slow", "-crf", "26", "-profile:v", "high", "-g", "60"],
    ...mp4,
    path.join(outDir, files.look),
  ]);
  const frameAt = async (second: number) =>
    (
      await runFfmpeg(ffmpeg, [
        ...["-ss", String(second), "-i", source, "-frames:v", "1"],
        ...["-vf", fitTo(loopSize), "-f", "image2pipe", "-c:v", "png", "-"],
      ])
    ).stdout;
  // A clip shorter than `posterAt` gives no frame there: its first frame, then.
  let frame = await frameAt(clip.posterAt ?? 0.5);
  if (frame.length === 0) frame = await frameAt(0);
  await writePosters(frame, outDir, clip.id);
  return sound;
}

/** The posters of a clip from one PNG frame (540 × 960). */
export async function writePosters(frame: Buffer, outDir: string, id: string) {
  await Promise.all(
    clipFiles(id).posters.map(async ({ width, format, file }) => {
      const image = sharp(frame).resize(width, Math.round((width * 16) / 9));
      const data = await (format === "avif"
        ? image.avif({ quality: 55, effort: 4 })
        : image.webp({ quality: 80, effort: 4 })
      ).toBuffer();
      await writeFile(path.join(outDir, file), data);
    }),
  );
}
