import { Icon } from "~/components/icon";
import { landing } from "~/content/landing";
import { LandingSection } from "./section-heading";

/** How it works: four numbered steps, joined by a line on wide screens. */
export function ProcessSection() {
  const { process } = landing;
  return (
    <LandingSection
      id="process"
      copy={process}
      className="render-when-near border-y border-white/[0.06] bg-surface/60 py-20 sm:py-28"
    >
      <div className="relative mt-16">
        <div
          aria-hidden="true"
          className="absolute top-7 right-[12.5%] left-[12.5%] hidden h-px bg-linear-to-r from-brand-500/0 via-brand-400/50 to-flame-400/0 lg:block"
        />
        <ol className="relative grid gap-8 sm:grid-cols-2 sm:gap-10 lg:grid-cols-4 lg:gap-8">
          {process.steps.map((step, index) => (
            <li key={step.title} className="relative flex gap-5 sm:block sm:text-center">
              <span className="relative grid size-14 shrink-0 place-items-center sm:mx-auto rounded-2xl border border-white/10 bg-ink text-brand-300 shadow-lg shadow-brand-600/10">
                <Icon name={step.icon} className="size-6" />
                <span className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-linear-to-br from-brand-500 to-rose-glow text-xs font-semibold text-white">
                  {index + 1}
                </span>
              </span>
              <div>
                <h3 className="text-lg font-semibold text-white sm:mt-6">{step.title}</h3>
                <p className="mt-1.5 max-w-xs leading-relaxed text-zinc-400 sm:mx-auto sm:mt-2">
                  {step.body}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
