import { inboxPort } from "~/shared/inbox-port";
import { parseInboxQuery } from "~/shared/inbox-query";
import { signedInMember } from "~/team/route-helpers";
import type { Route } from "./+types/team.export";

/** `/team/export?format=csv|json&…filters`: the inbox's current filter as a streamed file. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { team } = signedInMember(context, inboxPort);
  const params = new URL(request.url).searchParams;
  const format = params.get("format") === "json" ? "json" : "csv";
  const query = parseInboxQuery(params);
  if (query.refusedSearch) {
    // A search with control characters: said plainly, nothing exported (no 5xx, no file).
    return new Response(`${query.refusedSearch.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(team.export(query, format), {
    headers: {
      "Content-Type":
        format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-${stamp}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}
