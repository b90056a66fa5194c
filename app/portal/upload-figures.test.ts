import { expect, it } from "vitest";
import { durationText, percentOf, sizeText, speedMeter } from "./upload-figures";

it("says sizes in decimal units with three figures", () => {
  expect(sizeText(812)).toBe("812 B");
  expect(sizeText(4_200)).toBe("4.20 KB");
  expect(sizeText(42_000_000)).toBe("42.0 MB");
  expect(sizeText(1_350_000_000)).toBe("1.35 GB");
  expect(sizeText(250_000_000_000)).toBe("250 GB");
});

it("says durations rounded up, in seconds, minutes, then hours and minutes", () => {
  expect(durationText(200)).toBe("1 s");
  expect(durationText(59_000)).toBe("59 s");
  expect(durationText(61_000)).toBe("2 min");
  expect(durationText(65 * 60_000)).toBe("1 h 5 min");
});

it("never says 100 % before the last byte", () => {
  expect(percentOf(0, 0)).toBe(0);
  expect(percentOf(999, 1000)).toBe(99);
  expect(percentOf(1000, 1000)).toBe(100);
  expect(percentOf(8_388_608, 20_000_000)).toBe(41);
});

it("measures the speed over the last five seconds and the time left at it; nothing before there is enough", () => {
  const meter = speedMeter();
  meter.add(0, 0);
  expect(meter.estimate(10_000_000)).toBeUndefined();
  meter.add(100, 100_000);
  expect(meter.estimate(10_000_000)).toBeUndefined(); // a tenth of a second says nothing
  meter.add(1000, 1_000_000);
  expect(meter.estimate(10_000_000)).toEqual({ bytesPerSecond: 1_000_000, msLeft: 9000 });
  // Slower now: the old samples leave the window and the speed follows.
  meter.add(7000, 1_500_000);
  meter.add(9000, 1_700_000);
  expect(meter.estimate(10_000_000)?.bytesPerSecond).toBe(100_000);
  meter.reset();
  meter.add(20_000, 1_700_000);
  expect(meter.estimate(10_000_000)).toBeUndefined();
});
