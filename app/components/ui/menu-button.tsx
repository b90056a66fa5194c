import { Icon } from "~/components/icon";

/** Where the row has room for what the menu holds, and the button goes (Tailwind's names in full). */
const hiddenFrom = { md: "md:hidden", xl: "shrink-0 xl:hidden" } as const;

/**
 * The button that opens a header's popover menu (`menuId`) on narrow screens: no script needed,
 * Escape and a tap outside close it. The public header's and the team's.
 */
export function MenuButton(props: { menuId: string; label: string; hiddenFrom: "md" | "xl" }) {
  return (
    <button
      type="button"
      popoverTarget={props.menuId}
      className={`-mr-2 inline-flex size-11 items-center justify-center rounded-full text-zinc-200 hover:bg-white/5 ${hiddenFrom[props.hiddenFrom]}`}
    >
      <Icon name="menu" className="size-6" />
      <span className="sr-only">{props.label}</span>
    </button>
  );
}
