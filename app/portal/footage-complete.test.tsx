import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { portal } from "~/content/portal";
import { FootageComplete } from "./footage-complete";

type Props = Parameters<typeof FootageComplete>[0];

/** What the next render shows (the stub's route component is one, at module level). */
let shown: Props;

function View() {
  return (
    <main>
      <FootageComplete {...shown} />
      <p>Rendered</p>
    </main>
  );
}

const Stub = createRoutesStub([{ path: "/", Component: View }]);

function renderWith(props: Props) {
  shown = props;
  return render(<Stub initialEntries={["/"]} />);
}

const button = () => screen.queryByRole("button", { name: portal.clock.footageComplete });

it("offers the button until the footage is marked, then says since when and the cut's due time", async () => {
  const { unmount } = renderWith({
    clock: { footageCompleteAt: null, dueAt: null },
    cutDelivered: false,
  });
  expect(await screen.findByRole("button", { name: portal.clock.footageComplete })).toBeTruthy();
  unmount();
  renderWith({
    clock: {
      footageCompleteAt: Date.UTC(2026, 10, 2, 9),
      dueAt: Date.UTC(2026, 10, 4, 9),
    },
    cutDelivered: false,
  });
  expect(await screen.findByText(/Footage complete since/)).toBeTruthy();
  expect(button()).toBeNull();
});

it("is not offered once a cut came without it, and a stale press hears why", async () => {
  const clock = { footageCompleteAt: null, dueAt: null };
  const { unmount } = renderWith({ clock, cutDelivered: true });
  expect((await screen.findByRole("main")).textContent).toBe("Rendered");
  expect(button()).toBeNull();
  unmount();
  const message = portal.clock.footageCompleteDelivered;
  renderWith({ clock, cutDelivered: true, said: { ok: false, message } });
  expect((await screen.findByRole("alert")).textContent).toBe(message);
  expect(button()).toBeNull();
});
