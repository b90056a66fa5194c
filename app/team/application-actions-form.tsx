import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import type { ApplicationView } from "~/shared/application-port";
import { EraseFold } from "./erase-fold";
import { Panel } from "./panel";

const copy = team.application;

/**
 * The application page's rarer actions, below the work: Spam / Not spam, and Erase (behind a
 * fold and a second press). Plain forms posting to the route's action (`action`: back here).
 */
export function ApplicationActions(props: {
  view: ApplicationView;
  action: string;
  notice?: React.ReactNode;
}) {
  const { view, action } = props;
  return (
    <div id="spam" className="flex scroll-mt-4 flex-col gap-4">
      <Panel id="spam-title" title={copy.spamTitle}>
        {props.notice}
        <p className="mt-2 text-sm text-zinc-300">{view.isSpam ? copy.isSpam : copy.notSpamNote}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value={view.isSpam ? "not-spam" : "spam"} />
            <button type="submit" className={buttonClass("outline", "md")}>
              {view.isSpam ? copy.notSpam : copy.markSpam}
            </button>
          </Form>
        </div>
      </Panel>

      <Panel id="erase-title" title={copy.eraseTitle}>
        {/* It leaves the page: no section to come back to (a redirect would keep it). */}
        <EraseFold
          open={copy.erase}
          hint={copy.eraseHint.replace("{email}", view.email)}
          confirm={copy.eraseConfirm}
          action={action.split("#")[0]}
        />
      </Panel>
    </div>
  );
}
