import type { ComponentProps } from "react";

/** The look shared by text inputs, selects and textareas; red border when aria-invalid. */
export const controlClass =
  "block w-full rounded-xl border border-white/10 bg-zinc-900 px-4 text-base text-white placeholder:text-zinc-500 transition-colors hover:border-white/20 focus:border-brand-400 aria-invalid:border-rose-400";

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input {...props} className={`${controlClass} h-12 ${className}`.trim()} />;
}
