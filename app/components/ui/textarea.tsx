import type { ComponentProps } from "react";
import { controlClass } from "./input";

export function Textarea({ className = "", rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      {...props}
      rows={rows}
      className={`${controlClass} min-h-28 resize-y py-3 ${className}`.trim()}
    />
  );
}
