import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { RequestTags } from "./request-tags";

const monday = Date.UTC(2026, 10, 23);
const week = 7 * 24 * 60 * 60 * 1000;

it("tags the platform and the week, green for this week and amber for a later one, no dots", () => {
  const { container, rerender } = render(
    <RequestTags platform="TikTok" startsWeek={monday} thisWeek={monday} />,
  );
  expect(screen.getByText("TikTok")).toBeTruthy();
  expect(screen.getByText("Starts this week").className).toContain("emerald");
  expect(container.textContent).not.toContain("·");
  rerender(<RequestTags platform="TikTok" startsWeek={monday + week} thisWeek={monday} />);
  expect(screen.getByText("Starts next week").className).toContain("amber");
});
