import { Form } from "react-router";
import { team } from "~/content/team";
import { fill } from "~/shared/text";
import type { ApplicationChoice } from "~/shared/unmatched-port";
import { useMomentText } from "./moment";

const copy = team.unmatched;

/**
 * The applications a typed name or email matched, newest first, each a submit button of one
 * form that attaches the message to it (`application` = its id): no script needed.
 */
export function ApplicationChoices(props: {
  action: string;
  messageId: string;
  typed: string;
  choices: ApplicationChoice[];
  more: boolean;
}) {
  const moment = useMomentText();
  const titleId = `choices-${props.messageId}`;
  return (
    <Form
      method="post"
      action={props.action}
      aria-labelledby={titleId}
      className="mt-4 rounded-xl border border-white/10 bg-white/[0.03] p-3"
    >
      <input type="hidden" name="intent" value="attach" />
      <input type="hidden" name="message" value={props.messageId} />
      <p id={titleId} role="status" className="text-sm font-semibold text-white">
        {fill(copy.choicesTitle, { text: props.typed })}
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {props.choices.map((choice) => (
          <li key={choice.id}>
            <button
              type="submit"
              name="application"
              value={choice.id}
              className="w-full rounded-xl border border-white/10 px-3 py-2 text-left text-sm text-zinc-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <span className="font-semibold break-words text-white">{choice.name}</span>
              <span className="block break-all text-zinc-400">
                {fill(copy.choice, {
                  email: choice.email,
                  plan: choice.plan,
                  date: moment(choice.receivedAt),
                })}
                {choice.spam ? ` · ${copy.choiceSpam}` : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {props.more ? (
        <p className="mt-2 text-xs text-zinc-400">
          {fill(copy.choicesMore, { count: props.choices.length })}
        </p>
      ) : null}
    </Form>
  );
}
