import { paths } from "~/shared/paths";
import { buttonClass } from "./ui/button";

/**
 * The way back to the home page that closes /thank-you, the 404 and the error screen. In a flex
 * row rather than a line of text: the row is the button's 48 px whatever font the text around it
 * is drawn in (a line box adds its font's ascent and descent, and would change height at the
 * swap to Inter).
 *
 * `endId` names an empty element after it, for a route's render-blocking `rel=expect`: the first
 * frame waits until it is parsed, so until the button and its words are (on the button itself,
 * the frame could come between its start tag and its text: seen under load, the button drawn
 * 56 px wide, then 178).
 */
export function HomeButton(props: { label: string; endId?: string }) {
  return (
    <>
      <div className="mt-10 flex justify-center">
        <a href={paths.home} className={buttonClass("light", "lg")}>
          {props.label}
        </a>
      </div>
      {props.endId ? <span id={props.endId} hidden /> : null}
    </>
  );
}
