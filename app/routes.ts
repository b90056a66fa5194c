import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths, portalPaths, teamClientsPath, teamCutsPath, teamPaths } from "./shared/paths.ts";

export default [
  index("routes/home.tsx"),
  route(paths.onboarding, "routes/onboarding.tsx"),
  route(paths.thankYou, "routes/thank-you.tsx"),
  route(teamPaths.inbox, "routes/team.inbox.tsx"),
  route(teamPaths.signIn, "routes/team.sign-in.tsx"),
  route(teamPaths.signInLink, "routes/team.sign-in-link.tsx"),
  route(teamPaths.signOut, "routes/team.sign-out.tsx"),
  route(`${teamPaths.inbox}/applications/:id`, "routes/team.application.tsx"),
  route(teamPaths.export, "routes/team.export.ts"),
  route(teamPaths.response, "routes/team.response.tsx"),
  route(teamPaths.insights, "routes/team.insights.tsx"),
  route(teamPaths.insightsExport, "routes/team.insights-export.ts"),
  route(teamPaths.availability, "routes/team.availability.ts"),
  route(teamPaths.unmatched, "routes/team.unmatched.tsx"),
  route(teamPaths.settings, "routes/team.settings.tsx"),
  route(`${teamPaths.inbox}/attachments/:id`, "routes/team.attachment.ts"),
  route(`${teamPaths.inbox}/messages/:id/raw`, "routes/team.message-raw.ts"),
  // The client portal (decision 0079): the client's pages, and the team's pages about clients.
  route(portalPaths.home, "routes/portal.home.tsx"),
  route(portalPaths.signIn, "routes/portal.sign-in.tsx"),
  route(portalPaths.signInLink, "routes/portal.sign-in-link.tsx"),
  route(portalPaths.signOut, "routes/portal.sign-out.tsx"),
  route(portalPaths.request, "routes/portal.request.tsx"),
  route(portalPaths.footage, "routes/portal.footage.ts"),
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
  route(`${teamPaths.inbox}/applications/:id/portal-invite`, "routes/team.portal-invite.tsx"),
  route(`${teamPaths.inbox}/*`, "routes/team.not-found.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
