import { team } from "~/content/team";
import type { ThreadMessage } from "~/shared/team-port";
import { fill } from "~/shared/text";
import { senderVerdict } from "./sender-check";

const copy = team.application;

const senderTones = {
  verified: "bg-emerald-400/15 text-emerald-200",
  failed: "bg-rose-500/20 text-rose-200",
  unverified: "bg-white/10 text-zinc-200",
} as const;

/**
 * What the checks say of their sender, in words: "Verified sender" (green) only when DMARC and
 * DKIM passed (sender-check.ts); the checks themselves are folded below the message.
 */
export function SenderBadge({ auth }: { auth: ThreadMessage["auth"] }) {
  const verdict = senderVerdict(auth);
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs ${senderTones[verdict]}`}>
      {copy.thread.sender[verdict]}
    </span>
  );
}

/** The SPF, DKIM and DMARC results as the receiving server found them, folded. */
export function Checks({ auth }: { auth: ThreadMessage["auth"] }) {
  const unknown = copy.thread.authUnknown;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs text-zinc-400">{copy.thread.details}</summary>
      <p className="mt-1 text-xs text-zinc-300">
        {copy.thread.checks}:{" "}
        {fill(copy.thread.auth, {
          spf: auth?.spf ?? unknown,
          dkim: auth?.dkim ?? unknown,
          dmarc: auth?.dmarc ?? unknown,
        })}
      </p>
    </details>
  );
}
