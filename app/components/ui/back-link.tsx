import type { ReactNode } from "react";
import { buttonClass } from "./button";

/** The "← Back" link at the top of a page, to the page above it. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={buttonClass("ghost", "sm", "-ml-3")}>
      <span aria-hidden="true">←</span>
      {children}
    </a>
  );
}
