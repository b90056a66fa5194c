import { data } from "react-router";
import { portalPort } from "~/portal/route-helpers";
import type { Route } from "./+types/portal.feed";

/**
 * A client's posting schedule as an iCal feed at its secret address (decision 0094). No session
 * is asked (calendar apps have none; the portal's guard lets exactly `/portal/feeds/<token>.ics`
 * through): the token is the key. An unknown token, a rotated one or any other name is a 404
 * that says nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const port = portalPort(context);
  const file = params.file;
  if (!file.endsWith(".ics")) throw data(null, { status: 404 });
  const feed = await port.schedule.feed(file.slice(0, -".ics".length));
  if (feed === undefined) throw data(null, { status: 404 });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="posting-schedule.ics"',
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
