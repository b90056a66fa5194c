import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("onboarding", "routes/onboarding.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
