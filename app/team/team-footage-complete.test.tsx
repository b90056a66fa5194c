import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { portal } from "~/content/portal";
import { TeamFootageComplete } from "./team-footage-complete";

const copy = portal.clock;

test("offers the requests it is given, one option each, under one button", () => {
  render(
    <TeamFootageComplete
      requests={[
        { id: "r1", title: "Spring launch" },
        { id: "r4", title: "Desk setup" },
      ]}
    />,
  );
  const options = screen.getAllByRole("option");
  expect(options.map((option) => [option.getAttribute("value"), option.textContent])).toEqual([
    ["r1", "Spring launch"],
    ["r4", "Desk setup"],
  ]);
  expect(screen.getByRole("button", { name: copy.markComplete })).toBeTruthy();
});

test("shows no form when no request may be marked", () => {
  const { container } = render(<TeamFootageComplete requests={[]} />);
  expect(container.querySelector("form")).toBeNull();
});
