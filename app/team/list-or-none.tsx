import type { ReactNode } from "react";

/**
 * The application page's lists: `items` as a column, each drawn by `children` (its <li>), or
 * the line `none` when there are none. `spacing` is the gap below the heading (mt-3 by default);
 * `ordered` makes it an <ol>, `className` adds to the list's classes.
 */
export function ListOrNone<T>(props: {
  items: readonly T[];
  none: string;
  children: (item: T) => ReactNode;
  className: string;
  spacing?: string;
  ordered?: boolean;
}) {
  const { spacing = "mt-3" } = props;
  if (props.items.length === 0) {
    return <p className={`${spacing} text-sm text-zinc-400`}>{props.none}</p>;
  }
  const List = props.ordered ? "ol" : "ul";
  return (
    <List className={`${spacing} flex flex-col ${props.className}`}>
      {props.items.map(props.children)}
    </List>
  );
}
