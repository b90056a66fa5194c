import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "./shared/paths.ts";

export default [
  index("routes/home.tsx"),
  route(paths.onboarding, "routes/onboarding.tsx"),
  route(paths.thankYou, "routes/thank-you.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
