import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { MenuButton } from "~/components/ui/menu-button";
import { landing } from "~/content/landing";
import { BrandLogo } from "./brand-logo";
import { container } from "./section-heading";

const menuId = "site-menu";
const linkClass =
  "rounded-full px-3.5 py-2 text-sm font-medium text-zinc-300 transition-colors hover:bg-white/5 hover:text-white";

/**
 * The fixed header. Wide screens show the links; phones get a popover menu, opened by a
 * button through `popovertarget`: keyboard, touch, Escape and light dismiss, no JavaScript.
 */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-(--header-height) border-b border-white/[0.06] bg-ink/75 backdrop-blur-xl">
      <div className={`${container} flex h-full items-center justify-between gap-6`}>
        <a href="#top" className="-m-1 rounded-lg p-1">
          <BrandLogo />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {landing.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={linkClass}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a href="#pricing" className={buttonClass("primary", "sm")}>
            {landing.header.cta}
          </a>
          <MenuButton menuId={menuId} label={landing.header.menuLabel} hiddenFrom="md" />
        </div>
      </div>
      <div
        id={menuId}
        popover="auto"
        className="inset-x-0 top-(--header-height) bottom-auto m-0 h-(--menu-height) w-full border-0 border-b border-white/10 bg-ink/95 p-0 text-white backdrop-blur-xl md:hidden"
      >
        <nav aria-label={landing.header.menuLabel} className={`${container} py-4`}>
          <ul>
            {landing.nav.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="flex h-12 items-center justify-between rounded-xl px-3 text-base font-medium text-zinc-200 hover:bg-white/5"
                >
                  {item.label}
                  <Icon name="arrowRight" className="size-4 text-zinc-500" />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
