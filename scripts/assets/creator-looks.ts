/**
 * Art direction of the creators band: which Open Peeps character (CC0, Pablo Stanley) stands
 * in each reel and which Lucide icon marks its niche. Keyed by the creator ids of
 * app/content/landing.ts; a creator without an entry still gets a character, picked from its id.
 */
export interface CreatorLook {
  head: string;
  face: string;
  skin: string;
  clothing: string;
  accessories?: string;
  facialHair?: string;
  /** Lucide icon name of the niche prop. */
  prop: string;
}

export const creatorLooks: Record<string, CreatorLook> = {
  cooking: {
    head: "bun",
    face: "smileBig",
    skin: "d08b5b",
    clothing: "ffffff",
    prop: "chef-hat",
  },
  fitness: {
    head: "shaved2",
    face: "smileTeethGap",
    skin: "ae5d29",
    clothing: "fdea6b",
    facialHair: "goatee1",
    prop: "dumbbell",
  },
  coaching: {
    head: "afro",
    face: "explaining",
    skin: "694d3d",
    clothing: "ffcf77",
    prop: "mic",
  },
  travel: {
    head: "hatHip",
    face: "cute",
    skin: "ffdbb4",
    clothing: "e78276",
    accessories: "sunglasses",
    prop: "plane",
  },
  beauty: {
    head: "longCurly",
    face: "lovingGrin1",
    skin: "edb98a",
    clothing: "9ddadb",
    prop: "sparkles",
  },
  tech: {
    head: "pomp",
    face: "calm",
    skin: "ffdbb4",
    clothing: "8fa7df",
    accessories: "glasses2",
    prop: "laptop",
  },
  business: {
    head: "hijab",
    face: "smile",
    skin: "d08b5b",
    clothing: "78e185",
    prop: "flower-2",
  },
};

export const fallbackProp = "video";
