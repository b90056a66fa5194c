import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "./shared/paths.ts";

export default [
  index("routes/home.tsx"),
  route(paths.onboarding, "routes/onboarding.tsx"),
  route(paths.thankYou, "routes/thank-you.tsx"),
  route("team", "routes/team.inbox.tsx"),
  route("team/sign-in", "routes/team.sign-in.tsx"),
  route("team/sign-in/link", "routes/team.sign-in-link.tsx"),
  route("team/sign-out", "routes/team.sign-out.tsx"),
  route("team/applications/:id", "routes/team.application.tsx"),
  route("team/export", "routes/team.export.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
