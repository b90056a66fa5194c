/**
 * `node scripts/work/demo.ts [id…]`: the project's own demo loops (the work.ts entries without a
 * source), drawn from its own imagery: the creators band's Open Peeps reels (scripts/assets/)
 * as the "footage", with what an edit adds on top: a hook title card, word-by-word captions in
 * three styles, and a before/after of pacing on the same frames. Each clip is drawn frame by
 * frame with sharp, piped to ffmpeg as a near-lossless master, then encoded by the same step
 * as the operator's clips (build-clips.ts) into app/work/, which is committed: a fresh
 * machine builds without ffmpeg. Needs ffmpeg (FFMPEG_PATH) to run.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { landing } from "#app/content/landing.ts";
import { type WorkClip, work } from "#app/content/work/work.ts";
import { creatorLooks } from "../assets/creator-looks.ts";
import { reelFrame } from "../assets/reel-frame.ts";
import { checkBudgets, defaultBudgets, encodeClip, type WorkManifest } from "./build-clips.ts";
import { findFfmpeg, runFfmpeg } from "./ffmpeg.ts";

const W = 540;
const H = 960;
const fps = 30;
/** The footage is drawn 1.25× larger than the frame, so the edit can zoom in on it. */
const S = 1.25;
const BW = Math.round(W * S);
const BH = Math.round(H * S);
const font = "Liberation Sans Bold";

type Layer = { input: Buffer; left: number; top: number };
type Raw = { data: Buffer; width: number; height: number };

/** A creator's reel without the phone interface (progress, action rail), as raw RGBA. */
async function footage(creatorId: string, face?: string): Promise<Raw> {
  const creator = landing.creators.items.find((item) => item.id === creatorId)!;
  const look = creatorLooks[creatorId]!;
  const original = look.face;
  if (face) look.face = face;
  let svg = await reelFrame(creator);
  look.face = original;
  // The last two groups are the progress bar and the action rail.
  svg = svg.replace(/<g fill="#fff"><rect x="16"[\s\S]*<\/svg>\s*$/, "</svg>");
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * BW) / 360 })
    .resize(BW, BH)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The footage at zoom `z` (1 = all of it, S = the frame's own size) around (cx, cy) in 0–1. */
async function view(base: Raw, z: number, cx = 0.5, cy = 0.5, size = { w: W, h: H }) {
  const cw = Math.round(BW / z);
  const ch = Math.round((cw * size.h) / size.w);
  const left = Math.round(Math.min(Math.max(cx * BW - cw / 2, 0), BW - cw));
  const top = Math.round(Math.min(Math.max(cy * BH - ch / 2, 0), BH - ch));
  return sharp(base.data, { raw: { width: base.width, height: base.height, channels: 4 } })
    .extract({ left, top, width: cw, height: Math.min(ch, BH - top) })
    .resize(size.w, size.h, { fit: "cover" })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

interface WordStyle {
  size: number;
  color: string;
  /** Soft dark shadow under the letters (legible over any footage). */
  shadow?: boolean;
  /** A filled rounded box behind the word. */
  box?: string;
  /** Padding of the box. */
  pad?: number;
}

const sprites = new Map<string, Promise<{ input: Buffer; width: number; height: number }>>();
/** A word (or line) drawn once per style and reused: its PNG and size. */
function sprite(text: string, style: WordStyle) {
  const key = JSON.stringify([text, style]);
  let found = sprites.get(key);
  if (!found) {
    found = drawSprite(text, style);
    sprites.set(key, found);
  }
  return found;
}

async function drawSprite(text: string, style: WordStyle) {
  const markup = `<span foreground="${style.color}">${escapeMarkup(text)}</span>`;
  const glyphs = await sharp({
    text: { text: markup, font: `${font} ${style.size}`, rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pad = style.pad ?? (style.shadow ? 10 : 0);
  const width = glyphs.info.width + pad * 2;
  const height = glyphs.info.height + pad * 2;
  const layers: OverlayOptions[] = [];
  if (style.box) {
    const r = Math.round(height / 4);
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${r}" fill="${style.box}"/></svg>`,
      ),
      left: 0,
      top: 0,
    });
  }
  if (style.shadow) {
    const dark = await sharp({
      text: {
        text: `<span foreground="#000">${escapeMarkup(text)}</span>`,
        font: `${font} ${style.size}`,
        rgba: true,
        dpi: 72,
      },
    })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#0000" })
      .blur(4)
      .png()
      .toBuffer();
    layers.push({ input: dark, left: 0, top: 3 });
    layers.push({ input: dark, left: 0, top: 3 });
  }
  layers.push({ input: glyphs.data, left: pad, top: pad });
  const input = await sharp({
    create: { width, height: height + 3, channels: 4, background: "#0000" },
  })
    .composite(layers)
    .png()
    .toBuffer();
  return { input, width, height };
}

/** Lays words out centred in lines at most `maxWidth` wide, from `top`; returns the layers. */
async function wordLines(
  words: { text: string; style: WordStyle }[],
  top: number,
  maxWidth = W - 80,
  gap = 10,
): Promise<Layer[]> {
  const drawn = await Promise.all(words.map((word) => sprite(word.text, word.style)));
  const lines: (typeof drawn)[] = [[]];
  let width = 0;
  for (const item of drawn) {
    const line = lines.at(-1)!;
    if (line.length && width + gap + item.width > maxWidth) {
      lines.push([item]);
      width = item.width;
    } else {
      line.push(item);
      width += (line.length > 1 ? gap : 0) + item.width;
    }
  }
  const layers: Layer[] = [];
  let y = top;
  for (const line of lines) {
    const lineWidth = line.reduce((sum, item) => sum + item.width, 0) + gap * (line.length - 1);
    const lineHeight = Math.max(...line.map((item) => item.height));
    let x = Math.round((W - lineWidth) / 2);
    for (const item of line) {
      layers.push({
        input: item.input,
        left: x,
        top: Math.round(y + (lineHeight - item.height) / 2),
      });
      x += item.width + gap;
    }
    y += lineHeight - 4;
  }
  return layers;
}

/** Spoken words with even timing from `start`, in pages of `perPage` words. */
function timed(text: string, start: number, perWord: number, perPage: number) {
  const words = text.split(" ");
  return words.map((word, index) => ({
    word,
    at: start + index * perWord,
    page: Math.floor(index / perPage),
    index,
  }));
}

type Timed = ReturnType<typeof timed>;
/** The words of the page being spoken at `t`, each with whether it is the current one. */
function pageAt(words: Timed, t: number) {
  const current = [...words].reverse().find((word) => word.at <= t);
  if (!current) return [];
  return words
    .filter((word) => word.page === current.page)
    .map((word) => ({ ...word, spoken: word.at <= t, current: word === current }));
}

const ease = (x: number) => 1 - (1 - Math.min(Math.max(x, 0), 1)) ** 3;

/** Whether the mouth is open at `t`: a talking head's rhythm, not a test pattern's. */
const talking = (t: number) => Math.sin(t * 17) + Math.sin(t * 7.3) > 0.35;

interface Scene {
  seconds: number;
  frame: (t: number) => Promise<Buffer>;
}

/**
 * A 6 s scene over a creator's talking head (their mouth open as they speak; `face` when it is
 * closed): at each moment `t`, `draw` gives the layers over the footage and its framing (zoom
 * `z` around `cx`, `cy`, as `view` takes them).
 */
async function talkingHead(
  creatorId: string,
  face: string,
  draw: (t: number) => Promise<{ layers: Layer[]; z: number; cx: number; cy: number }>,
): Promise<Scene> {
  const [closed, open] = await Promise.all([footage(creatorId, face), footage(creatorId)]);
  return {
    seconds: 6,
    frame: async (t) => {
      const { layers, z, cx, cy } = await draw(t);
      return sharp(await view(talking(t) ? open : closed, z, cx, cy))
        .composite(layers)
        .raw()
        .toBuffer();
    },
  };
}

function hookCard(): Promise<Scene> {
  const hook = ["STOP", "DOING", "THIS", "EVERY", "MORNING"];
  const caption = timed("Here are the three habits that changed my whole year", 2.6, 0.32, 3);
  return talkingHead("coaching", "calm", async (t) => {
    // A punch-in as the hook lands, then a slow push.
    const z = t < 2.4 ? 1.16 + 0.04 * ease(t / 0.4) : 1.05 + (0.04 * (t - 2.4)) / 3.6;
    const layers: Layer[] = [];
    if (t < 2.4) {
      const shown = hook.filter((_, i) => t >= 0.15 + i * 0.22);
      const words = shown.map((text, i) => ({
        text,
        style:
          i === 2
            ? { size: 74, color: "#111", box: "#facc15", pad: 12 }
            : { size: 74, color: "#fff", shadow: true },
      }));
      layers.push(...(await wordLines(words, 250, W - 60, -2)));
    } else {
      const small = [
        {
          text: "STOP DOING THIS EVERY MORNING",
          style: { size: 26, color: "#111", box: "#facc15", pad: 10 },
        },
      ];
      layers.push(...(await wordLines(small, 70)));
      const words = pageAt(caption, t).map((word) => ({
        text: word.word.toUpperCase(),
        style: { size: 46, color: word.current ? "#facc15" : "#fff", shadow: true },
      }));
      layers.push(...(await wordLines(words, 640, W - 60, -8)));
    }
    return { layers, z, cx: 0.5, cy: 0.48 };
  });
}

function captionsPop(): Promise<Scene> {
  const words = timed(
    "Five minute pasta no excuses boil it toss it and serve it hot",
    0.2,
    0.36,
    3,
  );
  return talkingHead("cooking", "smile", async (t) => ({
    layers: await wordLines(
      pageAt(words, t).map((word) => {
        const age = t - word.at;
        const size = word.current ? (age < 0.08 ? 62 : 56) : 50;
        return {
          text: word.word.toUpperCase(),
          style: { size, color: word.current ? "#fde047" : "#fff", shadow: true },
        };
      }),
      700,
      W - 60,
      -6,
    ),
    z: 1.02 + 0.1 * (t / 6),
    cx: 0.5,
    cy: 0.45,
  }));
}

function captionsKaraoke(): Promise<Scene> {
  const words = timed("Lisbon on forty euros a day here is exactly how I did it", 0.2, 0.4, 4);
  return talkingHead("travel", "smile", async (t) => ({
    layers: await wordLines(
      pageAt(words, t).length
        ? words
            .filter((word) => word.page === (pageAt(words, t)[0]?.page ?? 0))
            .map((word) => ({
              text: word.word,
              style:
                word.at <= t
                  ? word === [...words].reverse().find((w) => w.at <= t)
                    ? { size: 44, color: "#fff", box: "#db2777", pad: 8 }
                    : { size: 44, color: "#5eead4", shadow: true }
                  : { size: 44, color: "#ffffffb3", shadow: true },
            }))
        : [],
      620,
      W - 70,
      -4,
    ),
    z: 1.08,
    cx: 0.45 + 0.1 * (t / 6),
    cy: 0.46,
  }));
}

function captionsClean(): Promise<Scene> {
  const words = timed(
    "Packing two hundred orders before noon and every bouquet still gets a handwritten card",
    0.2,
    0.3,
    4,
  );
  return talkingHead("business", "smile", async (t) => {
    const shown = pageAt(words, t).filter((word) => word.spoken);
    const layers: Layer[] = [];
    if (shown.length) {
      const line = await sprite(shown.map((word) => word.word).join(" "), {
        size: 30,
        color: "#fff",
        box: "#0f172acc",
        pad: 14,
      });
      layers.push({ input: line.input, left: Math.round((W - line.width) / 2), top: 760 });
    }
    return { layers, z: 1.1 - 0.08 * (t / 6), cx: 0.5, cy: 0.5 };
  });
}

async function pacing(): Promise<Scene> {
  const [closed, open] = await Promise.all([footage("fitness", "calm"), footage("fitness")]);
  const half = { w: W, h: H / 2 };
  const label = (text: string, color: string) =>
    sprite(text, { size: 22, color: "#fff", box: color, pad: 9 });
  // The edit: cuts on the beat between framings of the same take.
  const cuts = [
    { z: 1.15, cx: 0.5, cy: 0.42 },
    { z: 1.6, cx: 0.55, cy: 0.4 },
    { z: 1.3, cx: 0.4, cy: 0.55 },
    { z: 1.8, cx: 0.5, cy: 0.38 },
  ];
  const beat = 0.75;
  const words = timed("Four moves legs on fire", 0.1, beat, 5);
  return {
    seconds: 6,
    frame: async (t) => {
      // Before: the raw take, the creator pauses between sentences (dead air).
      const raw = await view(t % 3 < 1.6 && talking(t) ? open : closed, 1.0, 0.5, 0.45, half);
      const cut = cuts[Math.floor(t / beat) % cuts.length]!;
      const punch = 1 + 0.06 * ease(((t % beat) / beat) * 3);
      const edited = await view(talking(t) ? open : closed, cut.z * punch, cut.cx, cut.cy, half);
      const before = await label("BEFORE · raw take", "#0f172acc");
      const after = await label("AFTER · cut on the beat", "#e11d48");
      const spoken = pageAt(words, t).filter((word) => word.spoken);
      const caption = spoken.length
        ? await wordLines(
            [
              {
                text: spoken.at(-1)!.word.toUpperCase(),
                style: { size: 50, color: "#fde047", shadow: true },
              },
            ],
            H - 130,
          )
        : [];
      return sharp({ create: { width: W, height: H, channels: 4, background: "#000" } })
        .composite([
          { input: raw, left: 0, top: 0 },
          { input: edited, left: 0, top: H / 2 },
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="4"><rect width="${W}" height="4" fill="#fff"/></svg>`,
            ),
            left: 0,
            top: H / 2 - 2,
          },
          { input: before.input, left: 18, top: 20 },
          { input: after.input, left: 18, top: H / 2 + 20 },
          ...caption,
        ])
        .raw()
        .toBuffer();
    },
  };
}

const scenes: Record<string, () => Promise<Scene>> = {
  "hook-card": hookCard,
  "captions-pop": captionsPop,
  pacing,
  "captions-karaoke": captionsKaraoke,
  "captions-clean": captionsClean,
};

/** Draws one scene into a near-lossless master at `file`. */
async function master(ffmpeg: string, scene: Scene, file: string) {
  const frames = Math.round(scene.seconds * fps);
  async function* raw() {
    for (let i = 0; i < frames; i++) yield await scene.frame(i / fps);
  }
  await runFfmpeg(
    ffmpeg,
    [
      ...["-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${W}x${H}`, "-r", String(fps), "-i", "-"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "12", "-pix_fmt", "yuv420p", file],
    ],
    raw(),
  );
}

export async function makeDemoLoops(root: string, only: string[] = []) {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error("demo loops: ffmpeg is needed (install it or set FFMPEG_PATH)");
  const outDir = path.join(root, "app", "work");
  await mkdir(outDir, { recursive: true });
  const manifestFile = path.join(outDir, "manifest.json");
  const manifest: WorkManifest = JSON.parse(await readFile(manifestFile, "utf8").catch(() => "{}"));
  const demos = work.clips.filter(
    (clip: WorkClip) => !clip.source && (only.length === 0 || only.includes(clip.id)),
  );
  const writeManifest = () =>
    writeFile(
      manifestFile,
      `${JSON.stringify(Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`,
    );
  const scratch = await mkdtemp(path.join(tmpdir(), "demo-loops-"));
  try {
    for (const clip of demos) {
      const make = scenes[clip.id];
      if (!make) throw new Error(`demo loops: no scene is drawn for "${clip.id}"`);
      const started = performance.now();
      const file = path.join(scratch, `${clip.id}.mp4`);
      await master(ffmpeg, await make(), file);
      await encodeClip(ffmpeg, file, outDir, { id: clip.id, posterAt: clip.posterAt ?? 2 });
      await checkBudgets(clip, outDir, defaultBudgets);
      manifest[clip.id] = { input: "demo", sound: false };
      await writeManifest();
      console.log(`demo: ${clip.id} in ${Math.round(performance.now() - started)} ms`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await makeDemoLoops(path.resolve(import.meta.dirname, "..", ".."), process.argv.slice(2));
}
