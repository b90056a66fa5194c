import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import type { ReviewPage } from "~/shared/review-port";
import { ReviewView } from "./review-view";

const page: ReviewPage = {
  client: { id: "c", name: "Ada" },
  request: {
    id: "r",
    title: "Spring launch",
    brief: "",
    platform: "TikTok",
    wishedDate: "2026-12-24",
  },
  state: "review",
  versions: [
    { number: 1, createdAt: 0, decision: "changes" },
    { number: 2, createdAt: 1, decision: null },
  ],
  version: {
    number: 2,
    createdAt: 1,
    decision: null,
    decidedAt: null,
    frameRate: "30000/1001",
    rateRead: true,
    durationMs: 70_000,
    hasPoster: true,
    hasPreview: true,
    latest: true,
    originalOpen: false,
  },
  comments: [
    {
      id: "a",
      parentId: null,
      authorSide: "client",
      authorName: "ada@example.com",
      byViewer: true,
      frameIn: 35,
      frameOut: null,
      timecodeIn: "00:00:01;05",
      timecodeOut: null,
      body: "Logo earlier",
      resolved: false,
      createdAt: 0,
    },
    {
      id: "b",
      parentId: null,
      authorSide: "team",
      authorName: "Maya",
      byViewer: false,
      frameIn: 60,
      frameOut: 100,
      timecodeIn: "00:00:02;00",
      timecodeOut: "00:00:03;10",
      body: "Too long",
      resolved: true,
      createdAt: 1,
    },
  ],
  limits: { bodyMax: 2000, commentsMax: 500 },
  previews: true,
};

function ClientView() {
  return (
    <ReviewView
      side="client"
      page={page}
      versionHref={(n) => `/v/${n}`}
      fileUrl={(n, file) => `/v/${n}/${file}`}
    />
  );
}

/** The team's side: the server opens every original to members. */
function TeamView() {
  const open = {
    ...page,
    version: page.version && { ...page.version, originalOpen: true },
    comments: page.comments.map((comment) => ({ ...comment, byViewer: false })),
  };
  return (
    <ReviewView
      side="team"
      page={open}
      versionHref={(n) => `/t/${n}`}
      fileUrl={(n, file) => `/t/${n}/${file}`}
    />
  );
}

function renderView(side: "team" | "client") {
  const Stub = createRoutesStub([
    { path: "/", Component: side === "team" ? TeamView : ClientView },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

test("keeps the player's contract: the video's id, the comment form's fields, a seek button per comment", async () => {
  const { container } = renderView("client");
  await screen.findByText("Logo earlier");
  const video = container.querySelector("video#review-video");
  expect(video?.getAttribute("src")).toBe("/v/2/preview");
  expect(video?.getAttribute("poster")).toBe("/v/2/poster");
  const form = container.querySelector("form#comment-form");
  expect(form?.getAttribute("method")).toBe("post");
  expect(form?.querySelector('input[name="frameIn"][type="text"]')).not.toBeNull();
  expect(form?.querySelector('input[name="frameOut"][type="text"]')).not.toBeNull();
  expect(form?.querySelector('textarea[name="body"]')).not.toBeNull();
  expect(form?.querySelector('input[type="hidden"][name="intent"]')?.getAttribute("value")).toBe(
    "comment",
  );
  const seeks = [...container.querySelectorAll("[data-seek-frame]")];
  expect(
    seeks.map((seek) => [
      seek.getAttribute("data-seek-frame"),
      seek.getAttribute("data-seek-frame-out"),
      seek.textContent,
    ]),
  ).toEqual([
    ["35", null, "00:00:01;05"],
    ["60", "100", "00:00:02;00 to 00:00:03;10"],
  ]);
  expect(screen.getByText("Maya (team)")).toBeTruthy();
  // The reader's own comment says so; nobody else's does.
  expect(screen.getByText("You")).toBeTruthy();
  expect(screen.queryByText("ada@example.com")).toBeNull();
  // The client: the decision on the latest version, the original locked.
  expect(screen.getByRole("button", { name: "Approve this version" })).toBeTruthy();
  expect(container.querySelector("[data-original-locked]")).not.toBeNull();
  expect(screen.getByRole("link", { name: /^v1/ }).getAttribute("href")).toBe("/v/1");
});

test("the team decides nothing; its original is a download", async () => {
  renderView("team");
  await screen.findByText("Logo earlier");
  expect(screen.queryByRole("button", { name: "Approve this version" })).toBeNull();
  expect(screen.getByRole("link", { name: "Download the original" }).getAttribute("href")).toBe(
    "/t/2/original",
  );
  // A client's comment is theirs by address on the team's side.
  expect(screen.getByText("ada@example.com")).toBeTruthy();
  expect(screen.queryByText("You")).toBeNull();
});
