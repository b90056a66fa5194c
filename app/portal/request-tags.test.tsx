import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { RequestTags } from "./request-tags";

const monday = Date.UTC(2026, 10, 23);
const week = 7 * 24 * 60 * 60 * 1000;

it("tags the platform, the week (green this week, amber later) and where the video stands, no dots", () => {
  const { container, rerender } = render(
    <RequestTags
      request={{ platform: "TikTok", startsWeek: monday, state: "edit" }}
      thisWeek={monday}
    />,
  );
  expect(screen.getByText("TikTok")).toBeTruthy();
  expect(screen.getByText("Starts this week").className).toContain("emerald");
  expect(screen.getByText("In edit").dataset.listState).toBe("edit");
  expect(container.textContent).not.toContain("·");
  rerender(
    <RequestTags
      request={{ platform: "TikTok", startsWeek: monday + week, state: "review" }}
      thisWeek={monday}
    />,
  );
  expect(screen.getByText("Starts next week").className).toContain("amber");
  expect(screen.getByText("In review").dataset.listState).toBe("review");
  rerender(
    <RequestTags
      request={{ platform: "TikTok", startsWeek: monday, state: "approved" }}
      thisWeek={monday}
    />,
  );
  expect(screen.getByText("Approved").className).toContain("emerald");
});
