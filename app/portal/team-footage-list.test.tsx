import { render, screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import type { FootageItem } from "~/shared/footage-item";
import { TeamFootageList } from "./team-footage-list";

const item = (id: string, name: string, requestId: string | null): FootageItem => ({
  id,
  name,
  requestId,
  size: 2_000_000,
  completedAt: Date.UTC(2026, 10, 28, 12),
  state: "ready",
  kind: "video",
  durationMs: 3_000,
  width: 640,
  height: 360,
  frameRate: "30/1",
  hasAudio: false,
  hasPoster: false,
  hasPreview: false,
  reason: null,
  minutes: { over: false },
});

it("names each file as the client's device did, links the request it was sent for, and says so of a file without a name", () => {
  const { container } = render(
    <TeamFootageList
      footage={[item("a", "beach-take.mp4", "r1"), item("b", "", "r2"), item("c", "x.mov", null)]}
      previews
      fileUrl={(upload, file) => `/files/${upload}/${file}`}
      request={(id) => (id === "r1" ? { title: "Spring reel", href: "/requests/r1" } : undefined)}
    />,
  );
  const [first, second, third] = Array.from(container.querySelectorAll("li")) as HTMLElement[];
  expect(within(first as HTMLElement).getByText("beach-take.mp4")).toBeTruthy();
  expect(
    within(first as HTMLElement)
      .getByRole("link", { name: "For “Spring reel”" })
      .getAttribute("href"),
  ).toBe("/requests/r1");
  // Unknown request (not among those listed): no link; no name: said so.
  expect(within(second as HTMLElement).getByText("Unnamed file")).toBeTruthy();
  expect(within(second as HTMLElement).queryByRole("link", { name: /^For / })).toBeNull();
  expect(within(third as HTMLElement).queryByRole("link", { name: /^For / })).toBeNull();
  expect(screen.getAllByRole("link", { name: /^Download original/ })).toHaveLength(3);
});
