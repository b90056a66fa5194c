import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngsToIco } from "./ico.ts";

describe("pngsToIco", () => {
  it("writes an ICO directory pointing at each PNG, which decodes at its size", async () => {
    const png = (size: number) =>
      sharp({ create: { width: size, height: size, channels: 4, background: "#8b5cf6" } })
        .png()
        .toBuffer();
    const images = [
      { size: 16, png: await png(16) },
      { size: 32, png: await png(32) },
    ];
    const ico = pngsToIco(images);
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(2);
    for (const [index, { size, png: data }] of images.entries()) {
      const entry = 6 + index * 16;
      expect(ico.readUInt8(entry)).toBe(size);
      expect(ico.readUInt8(entry + 1)).toBe(size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(length).toBe(data.length);
      const embedded = ico.subarray(offset, offset + length);
      expect(embedded.equals(data)).toBe(true);
      expect(await sharp(embedded).metadata()).toMatchObject({ width: size, height: size });
    }
    expect(ico.length).toBe(6 + 32 + images[0]!.png.length + images[1]!.png.length);
  });
});
