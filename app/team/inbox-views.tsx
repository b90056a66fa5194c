import { team } from "~/content/team";
import type { InboxPage } from "~/shared/inbox-port";
import {
  type InboxQuery,
  type InboxView,
  inboxParams,
  inboxViews,
  viewCountCap,
} from "~/shared/inbox-query";
import { teamPaths } from "~/shared/paths";
import { fill, withThousands } from "~/shared/text";

const copy = team.inbox;

/** A view's link: the view alone (filters start afresh in another view), All without one. */
const viewHref = (view?: InboxView) =>
  `${teamPaths.inbox}${view ? `?${inboxParams({ view, spam: "no", failed: false, newReply: false })}` : ""}`;

/**
 * The inbox's views above the list, each with what it holds: a row of tabs (links marked
 * `aria-current`) on wider screens, a menu (`<details>`, no script) on a phone.
 */
export function InboxViews(props: { query: InboxQuery; counts: InboxPage["views"] }) {
  const current = props.query.view;
  const items = [
    ...inboxViews.map((view) => ({
      key: view,
      href: viewHref(view),
      text: fill(copy.viewCount, {
        label: copy.views[view],
        count:
          props.counts[view] >= viewCountCap
            ? `${withThousands(viewCountCap)}+`
            : withThousands(props.counts[view]),
      }),
    })),
    { key: "all" as const, href: viewHref(), text: copy.views.all },
  ];
  // No tab is current when the filters make a query no view is (Mine with a status, say).
  const plain = !props.query.needsReply && !props.query.owner && !props.query.due;
  const currentKey = current ?? (plain ? "all" : undefined);
  const currentText = items.find((item) => item.key === currentKey)?.text ?? copy.viewsCustom;
  const link = (item: (typeof items)[number], className: string) => (
    <a
      key={item.key}
      href={item.href}
      aria-current={item.key === currentKey ? "page" : undefined}
      className={`${className} ${item.key === currentKey ? "bg-white/10 font-semibold text-white" : "text-zinc-300 hover:bg-white/5 hover:text-white"}`}
    >
      {item.text}
    </a>
  );
  return (
    <nav aria-label={copy.viewsLabel} className="mt-6">
      <div className="hidden flex-wrap gap-1 rounded-2xl border border-white/10 bg-surface p-1 sm:flex">
        {items.map((item) => link(item, "rounded-xl px-3 py-2 text-sm whitespace-nowrap"))}
      </div>
      <details className="group rounded-2xl border border-white/10 bg-surface sm:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-white">
          {fill(copy.viewMenu, { view: currentText })}
          <span
            aria-hidden="true"
            className="text-zinc-400 transition-transform group-open:rotate-180"
          >
            ▾
          </span>
        </summary>
        <div className="flex flex-col gap-1 border-t border-white/10 p-1">
          {items.map((item) => link(item, "rounded-xl px-3 py-3 text-sm"))}
        </div>
      </details>
    </nav>
  );
}
