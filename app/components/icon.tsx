import {
  ArrowRight,
  Calendar,
  Captions,
  Check,
  Clapperboard,
  Hash,
  type LucideIcon,
  Mail,
  Menu,
  Package,
  Scissors,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Upload,
  X,
  Zap,
} from "lucide-react";
import type { IconName } from "~/content/landing";

/**
 * Lucide icons (ISC licence) by name. On `/` they are rendered at build time into the HTML,
 * so they cost no JavaScript there. Decorative: hidden from assistive technology.
 */
const contentIcons = {
  clapperboard: Clapperboard,
  captions: Captions,
  hash: Hash,
  calendar: Calendar,
  zap: Zap,
  shield: ShieldCheck,
  package: Package,
  upload: Upload,
  scissors: Scissors,
  trending: TrendingUp,
} satisfies Record<IconName, LucideIcon>;

const icons = {
  ...contentIcons,
  check: Check,
  menu: Menu,
  close: X,
  arrowRight: ArrowRight,
  sparkles: Sparkles,
  mail: Mail,
};

export type AnyIconName = keyof typeof icons;

export function Icon(props: { name: AnyIconName; className?: string; strokeWidth?: number }) {
  const Component = icons[props.name];
  return (
    <Component
      aria-hidden="true"
      focusable="false"
      className={props.className ?? "size-5"}
      strokeWidth={props.strokeWidth ?? 2}
    />
  );
}
