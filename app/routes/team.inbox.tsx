import { buttonClass } from "~/components/ui/button";
import { service } from "~/content/service";
import { team as teamCopy } from "~/content/team";
import { siteUrl } from "~/lib/seo";
import { inboxPort } from "~/shared/inbox-port";
import { filtersOn, inboxParams, parseInboxQuery } from "~/shared/inbox-query";
import { applicationPath, teamPaths } from "~/shared/paths";
import { optionLabel } from "~/shared/schema";
import { fill } from "~/shared/text";
import { ClockBadge } from "~/team/clock-badge";
import { InboxBanner } from "~/team/inbox-banner";
import { InboxFilters } from "~/team/inbox-filters";
import { InboxKeys } from "~/team/inbox-keys";
import { InboxViews } from "~/team/inbox-views";
import { signedInMember, teamMeta } from "~/team/route-helpers";
import { StatusBadge } from "~/team/status-badge";
import { TeamShell } from "~/team/team-shell";
import { TeamTable } from "~/team/team-table";
import { age } from "~/team/time";
import type { Route } from "./+types/team.inbox";

const copy = teamCopy.inbox;

/** The table's columns, in order; plan, platform and audience show on wider screens only. */
const columns = [
  ["name", "pr-3"],
  ["plan", "hidden pr-3 md:table-cell"],
  ["platform", "hidden pr-3 md:table-cell"],
  ["audience", "hidden pr-3 lg:table-cell"],
  ["status", "pr-3"],
  ["owner", "hidden pr-3 lg:table-cell"],
  ["clock", "pr-3"],
  ["age", "hidden text-right sm:table-cell"],
] as const;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.inbox);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, inboxPort);
  const params = new URL(request.url).searchParams;
  const query = parseInboxQuery(params);
  const page = await team.inbox(query);
  // The inbox as it is (view, filters, page): each row's link carries it, so the application's
  // "Back to the inbox" and "Send and next" go on from here.
  const here = inboxParams(query, query.before ? { before: params.get("before") ?? "" } : {});
  return {
    member,
    query,
    page,
    here: here.toString(),
    now: Date.now(),
    erased: params.has("erased"),
    // "Send and next" after the last one of its view comes back here saying so.
    viewDone: params.get("sent") === "last",
  };
}

export default function TeamInbox({ loaderData }: Route.ComponentProps) {
  const { member, query, page, now, here } = loaderData;
  const filterParams = inboxParams(query);
  const filters = filtersOn(query);
  const rowHref = (id: string) => `${applicationPath(id)}${here ? `?${here}` : ""}`;
  // Nothing at all yet: the default inbox, first page, empty (not filters that exclude all).
  const newInstall = !query.view && !query.needsReply && !query.before && filters === 0;
  const exportHref = (format: string) =>
    `${teamPaths.export}?${new URLSearchParams([...filterParams, ["format", format]])}`;
  const failedHref = `${teamPaths.inbox}?${inboxParams({ spam: "all", failed: true, newReply: false })}`;
  const overdueHref = `${teamPaths.inbox}?${inboxParams({ spam: "no", failed: false, newReply: false, due: "overdue" })}`;
  return (
    <TeamShell member={member}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
        <div className="flex gap-2">
          <a href={exportHref("csv")} className={buttonClass("outline", "sm")}>
            {copy.exportCsv}
          </a>
          <a href={exportHref("json")} className={buttonClass("outline", "sm")}>
            {copy.exportJson}
          </a>
        </div>
      </div>
      {loaderData.erased || loaderData.viewDone ? (
        <p role="status" className="mt-4 rounded-xl bg-emerald-500/10 px-4 py-3 text-emerald-200">
          {loaderData.erased ? teamCopy.application.erasedToast : copy.viewDone}
        </p>
      ) : null}
      <InboxBanner
        count={page.overdue}
        text={copy.overdueBanner}
        values={{ hours: service.responsePromiseHours }}
        href={overdueHref}
        link={copy.overdueLink}
        tone="amber"
      />
      <InboxBanner
        count={page.failedApplications}
        text={copy.failedBanner}
        href={failedHref}
        link={copy.failedLink}
        tone="rose"
      />
      <InboxViews query={query} counts={page.views} />
      <InboxFilters query={query} sources={page.sources} />
      {filters > 0 ? (
        <p
          role="status"
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sky-400/30 bg-sky-400/10 px-4 py-2 text-sm text-sky-200"
        >
          {fill(copy.filtersOn, {
            count: filters,
            filters: filters === 1 ? copy.filter : copy.filters,
          })}
          <a
            href={`${teamPaths.inbox}${query.view ? `?view=${query.view}` : ""}`}
            className="font-semibold underline underline-offset-4"
          >
            {copy.clearFilters}
          </a>
        </p>
      ) : null}
      {query.refusedSearch ? null : page.rows.length === 0 ? (
        newInstall ? (
          <p className="mt-10 text-center text-zinc-300">
            {copy.emptyInstall}{" "}
            <a href={siteUrl} className="font-semibold text-white underline underline-offset-4">
              {siteUrl.replace(/^https?:\/\//, "")}
            </a>
          </p>
        ) : (
          <p className="mt-10 text-center text-zinc-400">{copy.empty}</p>
        )
      ) : (
        <TeamTable
          className="mt-6"
          columns={columns.map(([key, className]) => ({
            key,
            label: copy.columns[key],
            className,
          }))}
        >
          {page.rows.map((row) => (
            <tr
              key={row.id}
              data-inbox-row=""
              data-owner={row.ownerId ?? ""}
              className="relative align-top hover:bg-white/[0.03] focus-within:bg-white/5"
            >
              <td className="border-b border-white/5 py-3 pr-3">
                {/* The whole row is this link (its ::after covers the row); the keys move to it. */}
                <a
                  href={rowHref(row.id)}
                  data-row-link=""
                  className="row-link font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-200"
                >
                  {row.name}
                </a>
                {row.isSpam ? (
                  <span className="ml-2 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs text-amber-200">
                    {copy.spamBadge}
                  </span>
                ) : null}
                {row.newReply ? (
                  <>
                    {/* A space: the name and the badge may go on two lines of a phone. */}{" "}
                    <span className="ml-1 inline-block rounded-full bg-sky-400/15 px-2 py-0.5 text-xs whitespace-nowrap text-sky-200">
                      {copy.newReplyBadge}
                    </span>
                  </>
                ) : null}
                <span className="mt-1 block text-xs text-zinc-400 md:hidden">
                  {row.selectedPlan} · {optionLabel("primaryPlatform", row.primaryPlatform)}
                </span>
                <span className="mt-1 block text-xs text-zinc-400 lg:hidden">
                  {row.ownerName ?? copy.unassigned}
                </span>
              </td>
              <td className="hidden border-b border-white/5 py-3 pr-3 text-zinc-300 md:table-cell">
                {row.selectedPlan}
              </td>
              <td className="hidden border-b border-white/5 py-3 pr-3 text-zinc-300 md:table-cell">
                {optionLabel("primaryPlatform", row.primaryPlatform)}
              </td>
              <td className="hidden border-b border-white/5 py-3 pr-3 text-zinc-300 lg:table-cell">
                {optionLabel("audienceSize", row.audienceSize)}
              </td>
              <td className="border-b border-white/5 py-3 pr-3">
                <StatusBadge status={row.status} />
              </td>
              <td className="hidden border-b border-white/5 py-3 pr-3 text-zinc-300 lg:table-cell">
                {row.ownerName ?? <span className="text-zinc-400">{copy.unassigned}</span>}
              </td>
              <td className="border-b border-white/5 py-3 pr-3">
                <ClockBadge row={row} now={now} />
              </td>
              <td className="hidden border-b border-white/5 py-3 text-right whitespace-nowrap text-zinc-300 sm:table-cell">
                {age(row.createdAt, now)}
              </td>
            </tr>
          ))}
        </TeamTable>
      )}
      <nav aria-label={copy.title} className="mt-6 flex justify-between gap-3">
        {query.before ? (
          <a href={`${teamPaths.inbox}?${filterParams}`} className={buttonClass("outline", "sm")}>
            {copy.newest}
          </a>
        ) : (
          <span />
        )}
        {page.next ? (
          <a
            href={`${teamPaths.inbox}?${inboxParams(query, { before: page.next })}`}
            className={buttonClass("outline", "sm")}
          >
            {copy.older}
          </a>
        ) : null}
      </nav>
      <InboxKeys />
    </TeamShell>
  );
}
