import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import { teamPaths } from "~/shared/paths";

const copy = team.nav;

/** The top bar's availability: what the member is now, and a button to switch it (a POST). */
export function AvailabilityForm({ away }: { away: boolean }) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action={teamPaths.availability}
      reloadDocument
      className="flex shrink-0 items-center gap-2"
      aria-label={copy.availability}
    >
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${away ? "bg-amber-400/15 text-amber-200" : "bg-emerald-400/15 text-emerald-200"}`}
      >
        {away ? copy.away : copy.available}
      </span>
      <input type="hidden" name="away" value={away ? "0" : "1"} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={buttonClass("ghost", "sm", "whitespace-nowrap")}>
        {away ? copy.comeBack : copy.goAway}
      </button>
    </Form>
  );
}
