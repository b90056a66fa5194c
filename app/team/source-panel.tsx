import { insights } from "~/content/insights";
import { type ApplicationSource, sourceName } from "~/shared/application-source";
import { ownEntry } from "~/shared/own-entry";

const copy = insights.sourcePanel;

/** A page of the site by name ("Home page" for "/"), its path for one not named. */
export const pageName = (path: string) =>
  ownEntry<string>(copy.pages, path.split("?")[0] ?? path) ?? path;

/**
 * The application page's Source (under Details): the visit it came from, by name, or that none
 * was found.
 */
export function SourcePanel({ source }: { source: ApplicationSource | null }) {
  const rows = source
    ? ([
        [copy.source, sourceName(source.source, insights.sourceWords)],
        [copy.medium, source.medium],
        [copy.campaign, source.campaign],
        [copy.referrer, source.referrer],
        [copy.landingPage, source.landingPage ? pageName(source.landingPage) : ""],
      ] as const)
    : [];
  return (
    <section aria-labelledby="source-title">
      <h3 id="source-title" className="text-base font-bold text-white">
        {copy.title}
      </h3>
      {source ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-zinc-400">{label}</dt>
              <dd className="break-words text-zinc-100">{value || insights.none}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-zinc-400">{copy.unknown}</p>
      )}
    </section>
  );
}
