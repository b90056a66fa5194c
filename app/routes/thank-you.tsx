import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...site.seo.thankYou, path: "/thank-you", noindex: true });

export default function ThankYou() {
  return (
    <main>
      <h1>{site.thankYou.title}</h1>
    </main>
  );
}
