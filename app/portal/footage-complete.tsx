import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import { utcText } from "~/shared/response-clock";
import { fill } from "~/shared/text";
import { OutcomeNotice } from "~/team/outcome-notice";

const copy = portal.clock;

/**
 * The client's "My footage is complete" (decision 0093): a POST that starts the plan's clock,
 * once; afterwards, since when and the first cut's due time (while it runs). Not offered once a
 * cut is there without it (the team sent one first): it would start nothing.
 */
export function FootageComplete(props: {
  clock: { footageCompleteAt: number | null; dueAt: number | null };
  /** A cut is there (the request's state is past "In edit"). */
  cutDelivered: boolean;
  said?: { ok: boolean; message: string };
}) {
  const { clock, cutDelivered, said } = props;
  if (clock.footageCompleteAt === null && cutDelivered) return <OutcomeNotice said={said} />;
  return (
    <section aria-label={copy.footageComplete} className="mt-6" data-footage-complete>
      <OutcomeNotice said={said} />
      {clock.footageCompleteAt === null ? (
        <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("primary", "md")}>
            {copy.footageComplete}
          </button>
          <p className="text-sm text-zinc-400">{copy.footageCompleteHint}</p>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-zinc-300">
          {fill(copy.footageCompleteDone, {
            date: utcText(clock.footageCompleteAt),
            due: clock.dueAt === null ? "—" : utcText(clock.dueAt),
          })}
        </p>
      )}
    </section>
  );
}
