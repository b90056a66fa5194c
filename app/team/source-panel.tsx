import { insights } from "~/content/insights";
import { type ApplicationSource, sourceName } from "~/shared/application-source";
import { Panel } from "./panel";

const copy = insights.sourcePanel;

/** The application page's Source: the visit it came from, or that none was found. */
export function SourcePanel({ source }: { source: ApplicationSource | null }) {
  const rows = source
    ? ([
        [copy.source, sourceName(source.source, insights.sourceWords)],
        [copy.medium, source.medium],
        [copy.campaign, source.campaign],
        [copy.referrer, source.referrer],
        [copy.landingPage, source.landingPage],
      ] as const)
    : [];
  return (
    <Panel id="source-title" title={copy.title}>
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
    </Panel>
  );
}
