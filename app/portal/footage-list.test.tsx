import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { portal } from "~/content/portal";
import type { FootageItem } from "~/shared/footage-item";
import type { PortalFootage } from "~/shared/portal-port";
import { FootageList } from "./footage-list";
import { summaryText } from "./request-list";

const copy = portal.client.footage;
const id = "0b6f3c1e-4d2a-4c1b-9e8f-1a2b3c4d5e6f";

function finished(item: Partial<FootageItem> | null): PortalFootage {
  return {
    id,
    name: "long-take.mp4",
    size: 2_000_000,
    received: 2_000_000,
    createdAt: 0,
    completedAt: Date.UTC(2026, 10, 28, 12),
    item: item && {
      id,
      name: "long-take.mp4",
      requestId: null,
      size: 2_000_000,
      completedAt: Date.UTC(2026, 10, 28, 12),
      state: "ready",
      kind: "video",
      durationMs: 601_000,
      width: 640,
      height: 360,
      frameRate: "30000/1001",
      hasAudio: true,
      hasPoster: true,
      hasPreview: true,
      reason: null,
      minutes: { over: true, minutes: 11, capMinutes: 10 },
      ...item,
    },
  };
}

describe("a request's footage, as the client sees it", () => {
  test("a file read: its preview over its poster (the portal's addresses), what it is, the minutes flag in words", () => {
    const { container } = render(
      <FootageList footage={[finished({})]} sending={new Set()} previews />,
    );
    const video = container.querySelector("video");
    expect(video?.getAttribute("poster")).toBe(`/portal/footage/${id}/poster`);
    expect(video?.querySelector("source")?.getAttribute("src")).toBe(
      `/portal/footage/${id}/preview`,
    );
    expect(video?.getAttribute("preload")).toBe("none");
    expect(video?.getAttribute("aria-label")).toBe("Preview of long-take.mp4");
    expect(screen.getByText("Video · 10:01 · 640 × 360 · 29.97 fps")).toBeTruthy();
    expect(
      screen.getByText(
        "11 min: longer than your plan's 10 min of raw footage per video. We keep it all and will tell you which part we use.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(copy.preparing)).toBeNull();
    expect(screen.queryByText(copy.previewsOff)).toBeNull();
  });

  test("not read yet: listed, and said to be being prepared", () => {
    render(
      <FootageList
        footage={[
          finished({
            state: "waiting",
            hasPoster: false,
            hasPreview: false,
            durationMs: null,
            minutes: { over: false },
          }),
        ]}
        sending={new Set()}
        previews
      />,
    );
    expect(screen.getByText("long-take.mp4")).toBeTruthy();
    expect(screen.getByText(copy.preparing)).toBeTruthy();
  });

  test("without ffmpeg on the server: listed, previews said to be off, nothing said to be prepared", () => {
    const { container } = render(
      <FootageList footage={[finished(null)]} sending={new Set()} previews={false} />,
    );
    expect(screen.getByText("long-take.mp4")).toBeTruthy();
    expect(screen.getByText(copy.previewsOff)).toBeTruthy();
    expect(screen.queryByText(copy.preparing)).toBeNull();
    expect(container.querySelector("video, img")).toBeNull();
  });

  test("sums a request's footage up in words under it", () => {
    expect(summaryText({ files: 1, over: 0, capMinutes: null, preparing: 0 })).toBe("1 file");
    expect(summaryText({ files: 3, over: 1, capMinutes: 10, preparing: 2 })).toBe(
      "3 files · 1 over your plan's 10 min per video · 2 being prepared",
    );
  });
});
