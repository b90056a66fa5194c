import type { ReactNode } from "react";

/** A column's heading and its own classes (padding, alignment, the widths it shows at). */
export interface TeamColumn {
  key: string;
  label: ReactNode;
  className: string;
}

/**
 * The team's tables (inbox, members, response figures, Insights): the heading row drawn once,
 * the rows (`children`, a tbody's) by the page. `labelledBy` names the table by its section's
 * heading.
 */
export function TeamTable(props: {
  columns: readonly TeamColumn[];
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table
      aria-labelledby={props.labelledBy}
      className={`w-full border-separate border-spacing-0 text-left text-sm ${props.className ?? ""}`}
    >
      <thead className="text-xs text-zinc-400 uppercase">
        <tr>
          {props.columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={`border-b border-white/10 py-2 ${column.className}`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
