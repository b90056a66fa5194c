import { brand } from "~/content/brand";
import { landing } from "~/content/landing";
import { BrandLogo } from "./brand-logo";
import { container } from "./section-heading";

/** Brand, what we do, the section links and the contact address. */
export function SiteFooter() {
  // Rendered at build time: the year of the build.
  const year = new Date().getFullYear();
  return (
    <footer className="render-when-near border-t border-white/[0.06] py-12">
      <div
        className={`${container} flex flex-col gap-10 md:flex-row md:items-start md:justify-between`}
      >
        <div className="max-w-sm">
          <BrandLogo />
          <p className="mt-4 text-sm leading-relaxed text-zinc-400">{landing.footer.note}</p>
        </div>
        <nav aria-label={landing.footer.navLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            {landing.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className="text-zinc-400 hover:text-white">
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:${landing.contact.email}`}
                className="text-zinc-400 hover:text-white"
              >
                {landing.contact.email}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className={`${container} mt-10 text-xs text-zinc-400`}>
        © {year} {brand.name}. {landing.footer.rights}
      </p>
    </footer>
  );
}
