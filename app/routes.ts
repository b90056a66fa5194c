import { index, type RouteConfig, route } from "@react-router/dev/routes";
import {
  paths,
  portalPaths,
  teamClientsPath,
  teamCutsPath,
  teamPaths,
  teamSchedulePath,
} from "./shared/paths.ts";

/**
 * A side's routes, by their keys in its paths, each one's file named after its key:
 * `signInLink` is `routes/team.sign-in-link.tsx`; a key given as `export.ts` is a route that
 * answers without a page (a file, an export: `routes/team.export.ts`).
 */
function sideRoutes<Key extends string>(
  side: "team" | "portal",
  sidePaths: Record<Key, string>,
  keys: NoInfer<`${Key}${"" | ".ts"}`>[],
) {
  return keys.map((entry) => {
    const [key, extension = "tsx"] = entry.split(".") as [Key, string?];
    const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return route(sidePaths[key], `routes/${side}.${name}.${extension}`);
  });
}

export default [
  index("routes/home.tsx"),
  route(paths.onboarding, "routes/onboarding.tsx"),
  route(paths.thankYou, "routes/thank-you.tsx"),
  ...sideRoutes("team", teamPaths, [
    "inbox",
    "signIn",
    "signInLink",
    "signOut",
    "export.ts",
    "response",
    "insights",
    "insightsExport.ts",
    "availability.ts",
    "unmatched",
    "settings",
  ]),
  route(`${teamPaths.inbox}/applications/:id`, "routes/team.application.tsx"),
  route(`${teamPaths.inbox}/attachments/:id`, "routes/team.attachment.ts"),
  route(`${teamPaths.inbox}/messages/:id/raw`, "routes/team.message-raw.ts"),
  // The client portal (decision 0079): the client's pages, and the team's pages about clients.
  ...sideRoutes("portal", portalPaths, [
    "home",
    "signIn",
    "signInLink",
    "signOut",
    "request",
    "footage.ts",
    "schedule",
    "feed.ts",
  ]),
  // Cuts as versions, review and approval (issue 39, decision 0091).
  route(`${portalPaths.request}/cut`, "routes/portal.cut.ts"),
  route(`${portalPaths.request}/versions/:n`, "routes/portal.version.tsx"),
  route(`${portalPaths.request}/versions/:n/:file`, "routes/portal.version-file.ts"),
  route(teamClientsPath, "routes/team.clients.tsx"),
  route(teamCutsPath, "routes/team.cuts.tsx"),
  route(`${teamClientsPath}/:id`, "routes/team.client-page.tsx"),
  route(`${teamClientsPath}/:id/footage/:upload/:file`, "routes/team.client-footage.ts"),
  route(`${teamClientsPath}/:id/requests/:request`, "routes/team.client-request.tsx"),
  route(`${teamClientsPath}/:id/requests/:request/versions/:n`, "routes/team.client-request.tsx", {
    id: "routes/team.client-version",
  }),
  route(
    `${teamClientsPath}/:id/requests/:request/versions/:n/:file`,
    "routes/team.client-version-file.ts",
  ),
  route(`${teamClientsPath}/:id/requests/:request/post`, "routes/team.request-post.tsx"),
  route(teamSchedulePath, "routes/team.schedule.tsx"),
  route(`${teamPaths.inbox}/applications/:id/portal-invite`, "routes/team.portal-invite.tsx"),
  route(`${teamPaths.inbox}/*`, "routes/team.not-found.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
