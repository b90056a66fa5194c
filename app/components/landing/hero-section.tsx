import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { container } from "./section-heading";

/** The headline, with its accent words drawn in the brand gradient. */
function Headline() {
  const { headline, headlineAccent } = landing.hero;
  const at = headline.indexOf(headlineAccent);
  if (at < 0) return <>{headline}</>;
  return (
    <>
      {headline.slice(0, at)}
      <span className="text-gradient">{headlineAccent}</span>
      {headline.slice(at + headlineAccent.length)}
    </>
  );
}

/** First screen: the promise, the way to the plans, and the six claims. Text only, no images. */
export function HeroSection() {
  return (
    <section
      id="top"
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-(--header-height)"
    >
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div aria-hidden="true" className="grid-lines absolute inset-0 -z-10" />
      <div className={`${container} pt-16 pb-16 text-center sm:pt-24 sm:pb-24`}>
        <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3.5 py-1.5 text-sm font-medium text-zinc-300">
          <Icon name="sparkles" className="size-4 text-flame-400" />
          {landing.hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-7 max-w-4xl text-[2.6rem] leading-[1.05] font-semibold tracking-[-0.035em] text-balance text-white sm:text-6xl lg:text-7xl"
        >
          <Headline />
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-zinc-400 sm:text-xl">
          {landing.hero.body}
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="#pricing" className={buttonClass("primary", "lg")}>
            {landing.hero.primaryCta}
            <Icon name="arrowRight" className="size-4" />
          </a>
          <a href="#process" className={buttonClass("outline", "lg")}>
            {landing.hero.secondaryCta}
          </a>
        </div>
        <ul className="mx-auto mt-16 grid max-w-5xl grid-cols-2 gap-px overflow-hidden rounded-2xl border border-white/10 bg-white/10 sm:grid-cols-3 lg:grid-cols-6">
          {landing.claims.map((claim) => (
            <li key={claim.label} className="bg-ink/90 px-4 py-5">
              <p className="text-xl font-semibold tracking-tight text-white">{claim.value}</p>
              <p className="mt-1 text-sm text-zinc-400">{claim.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
