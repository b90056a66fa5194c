import { expect, it } from "vitest";
import { refusalText } from "./upload-refusal";

it("says why an upload stopped in words, never the server's body", () => {
  expect(refusalText(413, "beach.mp4", 0)).toBe(
    "beach.mp4 is too big for the storage left in your space, so it was not sent. Ask us for more room, or remove footage you no longer need.",
  );
  expect(refusalText(404, "beach.mp4", 0)).toBe(
    "This request is no longer there, so beach.mp4 was not sent. Reload the page.",
  );
  expect(refusalText(401, "beach.mp4", 40)).toContain("You have been signed out");
  expect(refusalText(429, "beach.mp4", 0)).toBe(
    "beach.mp4 was not started: too many uploads are unfinished in your space. Finish or remove some, then add it again.",
  );
  expect(refusalText(400, "beach.mp4", 0)).toBe(
    "beach.mp4 was refused by our server. Reload the page and try again.",
  );
  expect(refusalText(403, "beach.mp4", 0)).toBe(
    "beach.mp4 was refused by our server. Reload the page and try again.",
  );
  expect(refusalText(undefined, "beach.mp4", 41)).toBe(
    "beach.mp4 stopped: the connection dropped and did not come back. Press Resume to go on from 41 %.",
  );
  expect(refusalText(503, "beach.mp4", 41)).toContain("Press Resume to go on from 41 %.");
});
