import type { ComponentProps } from "react";
import { controlClass } from "./input";

/**
 * A native `<select>` (keyboard, screen readers and phone pickers for free) dressed like the
 * other controls. `placeholder`, when given, is the first, empty choice.
 */
export function Select({
  options,
  placeholder,
  className = "",
  ...props
}: ComponentProps<"select"> & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <div className="relative">
      <select
        {...props}
        className={`${controlClass} h-12 appearance-none pr-11 ${className}`.trim()}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-zinc-400"
      >
        <path
          d="m5 7.5 5 5 5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
