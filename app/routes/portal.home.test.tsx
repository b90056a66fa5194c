import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { portal } from "~/content/portal";
import { portalCuts } from "~/content/portal-cuts";
import type { ClientSpace } from "~/shared/portal-port";
import PortalHome from "./portal.home";

const copy = portal.client;
const monday = Date.UTC(2026, 10, 23);
const request = {
  id: "r1",
  title: "Spring launch",
  brief: "A hook in the first second",
  platform: "TikTok",
  wishedDate: "2026-11-30",
  startsWeek: monday,
  createdAt: monday,
  state: "edit" as const,
};

const NoFallback = () => null;

/** The home as its loader's data would render it, and as the action answers a refused request. */
async function renderHome(requests: ClientSpace["requests"], refused = false) {
  const space: ClientSpace = {
    client: { id: "c", name: "Ada Studio", plan: "Creator", videosPerWeek: 3 },
    thisWeek: monday,
    requestsThisWeek: requests.length,
    requests,
  };
  const Stub = createRoutesStub([
    {
      path: "/portal",
      // biome-ignore lint/suspicious/noExplicitAny: the route's generated props are not needed here
      Component: PortalHome as any,
      HydrateFallback: NoFallback,
      loader: () => ({
        person: {
          personId: "p",
          clientId: "c",
          email: "ada@example.com",
          clientName: "Ada Studio",
          plan: "Creator",
        },
        space,
        message: undefined,
        today: "2026-11-29",
      }),
      action: () => ({ errors: { title: copy.newRequest.errors.title }, values: {} }),
    },
  ]);
  render(<Stub initialEntries={["/portal"]} />);
  await screen.findByRole("heading", { level: 1 });
  if (refused) {
    screen.getByRole("button", { name: copy.newRequest.submit }).click();
    await screen.findByText(copy.newRequest.errors.title);
  }
}

/** The page's second-level headings, in document order (what a phone shows top to bottom). */
const sections = () => screen.getAllByRole("heading", { level: 2 }).map((one) => one.textContent);
const jump = () => screen.queryByRole("link", { name: copy.newRequest.title });

test("a client with no request yet sees the form first, and no link to it", async () => {
  await renderHome([]);
  expect(sections()).toEqual([copy.newRequest.title, copy.home.requestsTitle]);
  expect(jump()).toBeNull();
});

test("a client with requests sees them first, the form a link away", async () => {
  await renderHome([request]);
  expect(sections()).toEqual([copy.home.requestsTitle, copy.newRequest.title]);
  expect(jump()?.getAttribute("href")).toBe("#new-request-title");
  expect(document.getElementById("new-request-title")?.textContent).toBe(copy.newRequest.title);
});

test("a refused request puts the form and its messages first again", async () => {
  await renderHome([request], true);
  expect(sections()).toEqual([copy.newRequest.title, copy.home.requestsTitle]);
  expect(jump()).toBeNull();
});

test("a request's link says what its page holds: the request before its first cut, the cut after", async () => {
  const cut = { ...request, id: "r2", title: "Autumn recap", state: "review" as const };
  await renderHome([request, cut]);
  const link = (title: string, words: string) =>
    screen.getByRole("link", { name: `${words}: ${title}` }).textContent;
  expect(link(request.title, portalCuts.clientRequest.openInEdit)).toBe(
    portalCuts.clientRequest.openInEdit,
  );
  expect(link(cut.title, portalCuts.clientRequest.open)).toBe(portalCuts.clientRequest.open);
});
