import path from "node:path";
import { dataDir } from "../e2e/helpers/stored.ts";

/** The seed's team of two (tests/screenshots/seed.setup.ts); the screenshots sign in as Maya. */
export const seededMembers = [
  { email: "maya@reelsmith.example", name: "Maya Chen" },
  { email: "dan@reelsmith.example", name: "Dan Okafor" },
] as const;

/** What the screenshot spec opens (the application's and the spam's ids), beside the data. */
export const seedFile = path.join(dataDir, "screenshots-seed.json");
