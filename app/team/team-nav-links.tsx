import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { teamClientsPath, teamPaths } from "~/shared/paths";
import type { TeamMember } from "~/shared/team-port";
import { fill, withThousands } from "~/shared/text";

const copy = team.nav;

/** Is `path` the page the member is on? An application is part of the inbox. */
export function isCurrentPage(path: string, address: string): boolean {
  const here = address.length > 1 ? address.replace(/\/+$/, "") : address;
  if (path === teamPaths.inbox) return here === path || here.startsWith(`${path}/applications/`);
  return here === path || here.startsWith(`${path}/`);
}

/**
 * The team's pages as links, the current one marked `aria-current="page"`: in the top bar's row
 * (`row`) or as the phone menu's full-width rows (`menu`). Unmatched only while there is some.
 */
export function TeamNavLinks(props: { member: TeamMember; here: string; layout: "row" | "menu" }) {
  const unmatched = props.member.unmatched ?? 0;
  const pages = [
    { path: teamPaths.inbox, text: copy.inbox },
    { path: teamClientsPath, text: copy.clients },
    { path: teamPaths.response, text: copy.response },
    { path: teamPaths.insights, text: copy.insights },
    ...(unmatched > 0
      ? [
          {
            path: teamPaths.unmatched,
            text: fill(copy.unmatched, { count: withThousands(unmatched) }),
          },
        ]
      : []),
    { path: teamPaths.settings, text: copy.settings },
  ];
  return pages.map((page) => {
    const current = isCurrentPage(page.path, props.here);
    const className =
      props.layout === "row"
        ? buttonClass(
            "ghost",
            "sm",
            `whitespace-nowrap px-3 ${current ? "bg-white/10 text-white" : ""}`,
          )
        : `flex h-12 items-center rounded-xl px-3 text-base font-medium ${current ? "bg-white/10 text-white" : "text-zinc-200 hover:bg-white/5"}`;
    return (
      <a
        key={page.path}
        href={page.path}
        aria-current={current ? "page" : undefined}
        className={className}
      >
        {page.text}
      </a>
    );
  });
}
