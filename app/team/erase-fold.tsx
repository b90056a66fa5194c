import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * Erase behind a fold and a second press: the button opens the hint and the confirming button,
 * which posts `intent=erase` and `confirm=yes` to `action` (the route's own action by default).
 */
export function EraseFold(props: { open: string; hint: string; confirm: string; action?: string }) {
  return (
    <details className="mt-3">
      <summary className={buttonClass("outline", "md", "cursor-pointer list-none")}>
        {props.open}
      </summary>
      <p className="mt-3 text-sm text-zinc-300">{props.hint}</p>
      <Form method="post" action={props.action} className="mt-3">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          className={buttonClass("primary", "md", "bg-none bg-rose-600 hover:bg-rose-500")}
        >
          {props.confirm}
        </button>
      </Form>
    </details>
  );
}
