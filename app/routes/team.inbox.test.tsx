import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { team as teamCopy } from "~/content/team";
import { siteUrl } from "~/lib/seo";
import type { InboxPage } from "~/shared/inbox-port";
import { parseInboxQuery } from "~/shared/inbox-query";
import TeamInbox from "./team.inbox";

const copy = teamCopy.inbox;
const none: InboxPage = {
  rows: [],
  overdue: 0,
  views: { needs: 0, mine: 0, unassigned: 0, overdue: 0 },
  failedApplications: 0,
  sources: [],
};

const NoFallback = () => null;

/** The inbox as its loader's data would render it at `search`, with no application. */
async function renderEmpty(search: string) {
  const query = parseInboxQuery(new URLSearchParams(search));
  const Stub = createRoutesStub([
    {
      path: "/team",
      // biome-ignore lint/suspicious/noExplicitAny: the route's generated props are not needed here
      Component: TeamInbox as any,
      HydrateFallback: NoFallback,
      loader: () => ({
        member: { id: "m", email: "maya@reelsmith.example", name: "Maya" },
        query,
        page: none,
        here: "",
        now: Date.now(),
        erased: false,
        viewDone: false,
      }),
    },
  ]);
  render(<Stub initialEntries={[`/team${search}`]} />);
  await screen.findByRole("heading", { name: copy.title });
}

describe("the inbox with nothing in it", () => {
  test("a new install: no applications yet, and the site to share", async () => {
    await renderEmpty("");
    expect(screen.getByText(copy.emptyInstall, { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: siteUrl.replace(/^https?:\/\//, "") })).toHaveProperty(
      "href",
      expect.stringContaining(siteUrl.replace(/^https?:\/\//, "")),
    );
    expect(screen.queryByText(copy.empty)).toBeNull();
  });

  test("filters that match nothing: says so, not that nothing came", async () => {
    await renderEmpty("?status=declined");
    expect(screen.getByText(copy.empty)).toBeTruthy();
    expect(screen.queryByText(copy.emptyInstall, { exact: false })).toBeNull();
    expect(screen.getByRole("link", { name: copy.clearFilters })).toBeTruthy();
  });

  test("a view that holds nothing is no new install either", async () => {
    await renderEmpty("?view=mine");
    expect(screen.getByText(copy.empty)).toBeTruthy();
  });
});
