// @ts-expect-error: tus-js-client declares types for its entry only; this is its browser storage
import { WebStorageUrlStorage } from "tus-js-client/lib.esm/browser/urlStorage.js";
import { afterEach, expect, it } from "vitest";
import { fingerprintOf, unfinishedUploads } from "./footage-upload.client";

afterEach(() => localStorage.clear());

const file = (name: string, size: number) =>
  new File([new Uint8Array(size)], name, { type: "video/mp4", lastModified: 1_764_000_000_000 });

it("remembers a file per request: the same file for two requests is two uploads", () => {
  const clip = file("beach.mp4", 10);
  expect(fingerprintOf("request-1", clip)).toBe(
    "reelsmith-footage:request-1:beach.mp4:video/mp4:10:1764000000000",
  );
  expect(fingerprintOf("request-2", clip)).not.toBe(fingerprintOf("request-1", clip));
  // A changed file (another size or date) does not pick up the first one's bytes.
  expect(fingerprintOf("request-1", file("beach.mp4", 11))).not.toBe(
    fingerprintOf("request-1", clip),
  );
});

it("lists the unfinished uploads of this request only, with their name and upload id", async () => {
  // The browser's storage of tus-js-client (the page gets it as the default; Node's build has none).
  const storage = new WebStorageUrlStorage();
  const entry = (name: string, id: string) => ({
    size: 10,
    metadata: { request: "x", filename: name },
    creationTime: new Date().toString(),
    uploadUrl: `http://localhost/portal/uploads/${id}`,
    parallelUploadUrls: null,
    urlStorageKey: "",
  });
  await storage.addUpload(fingerprintOf("request-1", file("a.mp4", 10)), entry("a.mp4", "u1"));
  await storage.addUpload(fingerprintOf("request-10", file("b.mp4", 10)), entry("b.mp4", "u2"));
  await storage.addUpload("tus-br-c.mp4-video/mp4-10", entry("c.mp4", "u3"));
  expect(await unfinishedUploads("request-1", storage)).toEqual([
    { name: "a.mp4", size: 10, id: "u1" },
  ]);
  expect(await unfinishedUploads("request-2", storage)).toEqual([]);
});
