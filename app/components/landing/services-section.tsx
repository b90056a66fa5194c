import { Icon } from "~/components/icon";
import { landing } from "~/content/landing";
import { LandingSection } from "./section-heading";

/** The six services, as cards with an icon each. */
export function ServicesSection() {
  const { services } = landing;
  return (
    <LandingSection id="services" copy={services} className="render-when-near py-16 sm:py-24">
      <ul className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.items.map((item) => (
          <li
            key={item.title}
            className="flex gap-5 rounded-2xl border border-white/[0.08] bg-white/[0.025] p-5 transition-colors hover:border-white/15 hover:bg-white/[0.04] sm:block sm:p-8"
          >
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-linear-to-br from-brand-500/25 to-rose-glow/10 text-brand-300 ring-1 ring-white/10 ring-inset">
              <Icon name={item.icon} className="size-5" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-white sm:mt-6">{item.title}</h3>
              <p className="mt-1.5 leading-relaxed text-zinc-400 sm:mt-2">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
