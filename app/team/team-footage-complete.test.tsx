import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { portal } from "~/content/portal";
import { TeamFootageComplete } from "./team-footage-complete";

const copy = portal.clock;

test("offers only the requests with no cut yet: a cut sent leaves no clock to start", () => {
  render(
    <TeamFootageComplete
      requests={[
        { id: "r1", title: "Spring launch", state: "edit" },
        { id: "r2", title: "Cut came first", state: "review" },
        { id: "r3", title: "Approved one", state: "approved" },
        { id: "r4", title: "Changes asked", state: "changes" },
      ]}
    />,
  );
  const options = screen.getAllByRole("option").map((option) => option.textContent);
  expect(options).toEqual(["Spring launch"]);
  expect(screen.getByRole("button", { name: copy.markComplete })).toBeTruthy();
});

test("shows no form when every request has its cut", () => {
  const { container } = render(
    <TeamFootageComplete requests={[{ id: "r2", title: "Cut came first", state: "review" }]} />,
  );
  expect(container.querySelector("form")).toBeNull();
});
