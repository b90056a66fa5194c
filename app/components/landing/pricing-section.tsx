import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { type Plan, plans } from "~/content/plans";
import { onboardingPath } from "~/shared/paths";
import { LandingSection } from "./section-heading";

/** Where a plan's button goes: the questionnaire with the plan preselected. */
export function planHref(plan: Pick<Plan, "name">): string {
  return onboardingPath(plan.name);
}

export function contactHref(): string {
  return `mailto:${landing.contact.email}?subject=${encodeURIComponent(landing.contact.subject)}`;
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <li
      className={`relative flex flex-col rounded-3xl p-7 sm:p-8 ${
        plan.popular
          ? "gradient-border shadow-2xl shadow-brand-600/20 lg:-my-4 lg:py-12"
          : "border border-white/10 bg-white/[0.025]"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-linear-to-r from-brand-500 via-rose-glow to-flame-500 px-3.5 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg">
          {landing.pricing.popularLabel}
        </p>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold text-white">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm leading-relaxed text-zinc-400">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-semibold tracking-tight text-white">{plan.price}</span>
        <span className="text-base text-zinc-400">/{plan.period}</span>
      </p>
      <a
        href={planHref(plan)}
        className={buttonClass(plan.popular ? "primary" : "outline", "lg", "mt-8 w-full")}
      >
        {plan.cta}
      </a>
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-zinc-300">
            <Icon
              name="check"
              className={`mt-0.5 size-4 shrink-0 ${plan.popular ? "text-rose-glow" : "text-brand-400"}`}
            />
            {feature}
          </li>
        ))}
      </ul>
      {plan.footnote ? (
        <p className="mt-6 border-t border-white/10 pt-4 text-xs leading-relaxed text-zinc-400">
          {plan.footnote}
        </p>
      ) : null}
    </li>
  );
}

/** The three plans (Influencer flagged Most Popular) and a way to talk to the team. */
export function PricingSection() {
  const { pricing } = landing;
  return (
    <LandingSection
      id="pricing"
      copy={pricing}
      className="render-when-near relative isolate py-20 sm:py-28"
      backdrop={
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-1/3 -z-10 h-[36rem] bg-[radial-gradient(50%_50%_at_50%_50%,rgb(139_92_246/0.16),transparent_70%)]"
        />
      }
    >
      <ul className="mx-auto mt-16 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6">
        {plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </ul>
      <div className="mx-auto mt-16 flex max-w-3xl flex-col items-center justify-between gap-5 rounded-2xl border border-white/10 bg-white/[0.025] px-6 py-6 text-center sm:flex-row sm:px-8 sm:text-left">
        <p className="text-zinc-300">{pricing.contactPrompt}</p>
        <a href={contactHref()} className={buttonClass("light", "md", "shrink-0")}>
          <Icon name="mail" className="size-4" />
          {pricing.contactCta}
        </a>
      </div>
    </LandingSection>
  );
}
