/** Class names of the site's buttons, for `<a>` and `<button>` alike. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-3";

const variants = {
  primary:
    "bg-gradient-to-r from-brand-500 via-rose-glow to-flame-500 text-white shadow-lg shadow-brand-600/25 hover:brightness-110",
  light: "bg-white text-zinc-950 hover:bg-zinc-200",
  outline: "border border-white/15 bg-white/5 text-white hover:bg-white/10",
  ghost: "text-zinc-300 hover:text-white hover:bg-white/5",
} as const;

const sizes = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-7 text-base",
} as const;

export function buttonClass(
  variant: keyof typeof variants = "primary",
  size: keyof typeof sizes = "md",
  extra = "",
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
