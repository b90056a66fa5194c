import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { landing } from "~/content/landing";
import { paths } from "~/shared/paths";
import { container } from "./section-heading";

/** The last call to action: straight to the questionnaire, no plan chosen yet. */
export function ClosingCta() {
  const { closing } = landing;
  return (
    <section aria-labelledby="closing-title" className="render-when-near pb-20 sm:pb-28">
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-linear-to-br from-brand-600 via-pink-700 to-orange-700 px-6 py-16 text-center shadow-2xl shadow-brand-600/20 sm:px-16 sm:py-24">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,rgb(255_255_255/0.25),transparent_70%)]"
          />
          <h2
            id="closing-title"
            className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-5xl"
          >
            {closing.title}
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-white/90">{closing.body}</p>
          <a href={paths.onboarding} className={buttonClass("light", "lg", "mt-10")}>
            {closing.cta}
            <Icon name="arrowRight" className="size-4" />
          </a>
        </div>
      </div>
    </section>
  );
}
