import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/onboarding";

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...site.seo.onboarding, path: "/onboarding" });

export default function Onboarding() {
  return (
    <main>
      <h1>{site.onboarding.title}</h1>
    </main>
  );
}
