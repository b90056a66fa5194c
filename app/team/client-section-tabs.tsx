import { portal } from "~/content/portal";
import { teamClientsPath, teamCutsPath, teamSchedulePath } from "~/shared/paths";

const copy = portal.team.sections;
const tabs = [
  { path: teamClientsPath, text: copy.clients },
  { path: teamCutsPath, text: copy.cuts },
  { path: teamSchedulePath, text: copy.schedule },
] as const;

/**
 * The team's client pages as tabs under the top bar's "Clients": every client, the cuts owed
 * to them, and their posting schedule, one click from each other, the current one marked.
 * Plain links (no JavaScript needed).
 */
export function ClientSectionTabs({ current }: { current: (typeof tabs)[number]["path"] }) {
  return (
    <nav aria-label={copy.label} className="mb-6 flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <a
          key={tab.path}
          href={tab.path}
          aria-current={tab.path === current ? "page" : undefined}
          className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${
            tab.path === current
              ? "border-brand-400 bg-brand-500/20 text-white"
              : "border-white/15 text-zinc-300 hover:border-white/30"
          }`}
        >
          {tab.text}
        </a>
      ))}
    </nav>
  );
}
