import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/home";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => pageMeta({ ...site.seo.home, path: "/" });

export default function Home() {
  return (
    <main>
      <h1>{site.hero.headline}</h1>
    </main>
  );
}
