import { paths } from "~/shared/paths";
import { buttonClass } from "./ui/button";

/**
 * The way back to the home page that closes /thank-you, the 404 and the error screen. In a flex
 * row rather than a line of text: the row is the button's 48 px whatever font the text around it
 * is drawn in (a line box adds its font's ascent and descent, and would change height at the
 * swap to Inter).
 */
export function HomeButton(props: { label: string; id?: string }) {
  return (
    <div className="mt-10 flex justify-center">
      <a id={props.id} href={paths.home} className={buttonClass("light", "lg")}>
        {props.label}
      </a>
    </div>
  );
}
