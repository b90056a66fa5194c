import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { teamCutsPath } from "~/shared/paths";

const copy = portal.clock;

/**
 * The team marks a request's footage complete for the client (decision 0093): posted to Cuts
 * due, which answers with the cut listed (once: a second press changes nothing). Offered only
 * for the requests the server says may be marked (ClientPage.markable): not marked, no cut.
 */
export function TeamFootageComplete(props: { requests: readonly { id: string; title: string }[] }) {
  if (props.requests.length === 0) return null;
  return (
    <form
      method="post"
      action={teamCutsPath}
      className="mt-4 flex min-w-0 flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value="complete" />
      <label className="grid min-w-0 max-w-full gap-1 text-sm text-zinc-400">
        {copy.columns.request}
        <select
          name="request"
          className="min-h-11 w-full max-w-72 rounded-lg border border-white/10 bg-ink px-3 text-white"
        >
          {props.requests.map((request) => (
            <option key={request.id} value={request.id}>
              {request.title}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("outline", "sm")}>
        {copy.markComplete}
      </button>
    </form>
  );
}
