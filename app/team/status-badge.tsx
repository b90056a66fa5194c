import { team } from "~/content/team";
import { ownEntry } from "~/shared/own-entry";

const tones: Record<string, string> = {
  new: "bg-brand-500/15 text-brand-300",
  contacted: "bg-sky-400/15 text-sky-200",
  onboarded: "bg-emerald-400/15 text-emerald-200",
  declined: "bg-zinc-400/15 text-zinc-300",
};

/** An application's status as a small coloured label. */
export function StatusBadge({ status }: { status: string }) {
  const label = ownEntry<string>(team.statuses, status) ?? status;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status] ?? tones.new}`}
    >
      {label}
    </span>
  );
}
