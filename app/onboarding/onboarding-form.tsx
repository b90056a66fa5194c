import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { loadToaster } from "~/components/ui/toaster";
import type { PlanName } from "~/content/plans";
import { questionnaire } from "~/content/questionnaire";
import type { FieldErrors } from "~/shared/fields";
import { honeypotField } from "~/shared/intake-rules";
import { paths } from "~/shared/paths";
import { type FormValues, readForm } from "./form-data";
import { sections } from "./form-fields";
import { Question } from "./question";
import { sendOnboarding } from "./submit";
import { useDraft } from "./use-draft";
import { firstInvalid, loadSchema, useValidation } from "./use-validation";
import { useQuestionBeacon } from "./visit-beacon";

const copy = questionnaire;

export interface OnboardingFormProps {
  plan: PlanName;
  idempotencyKey: string;
  /** What the page's beacons carry ("" when the server counts nothing: then none is sent). */
  beaconToken?: string;
  /** From the server's answer to a submission without JavaScript. */
  server?: { values?: FormValues; fieldErrors?: FieldErrors; formError?: string };
}

/**
 * The questionnaire: native controls read with FormData. With JavaScript it validates in the
 * browser and sends JSON to the intake endpoint (docs/intake-api.md); without, the same form
 * posts to the route's action. Either way the names, rules and messages are the shared schema's.
 */
export function OnboardingForm({
  plan,
  idempotencyKey,
  beaconToken = "",
  server,
}: OnboardingFormProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const [pending, setPending] = useState(false);
  const validation = useValidation(server?.fieldErrors);
  const draft = useDraft(formRef, { restore: !server?.values });
  const started = useQuestionBeacon(beaconToken);

  // What only a submission needs, asked for once the visitor starts answering: not while the
  // page hydrates, and in by the time they send (decision 0027).
  // Failing here is quiet: a submission without the schema posts the form itself (below).
  const warmUp = () => {
    loadSchema().catch(() => {});
    loadToaster().catch(() => {});
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    started((event.target as HTMLInputElement).name);
    warmUp();
    const form = formRef.current;
    if (!form) return;
    validation.changed(readForm(form).input).catch(() => {});
    draft.changed();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending.current) return; // a double click sends once
    sending.current = true;
    warmUp();
    const schemaIn = await loadSchema().then(
      () => true,
      () => false,
    );
    if (!schemaIn) {
      // The schema could not be loaded (the network dropped, or a new release replaced the
      // files this page came with): the form posts itself, as it does without JavaScript, and
      // the server checks it with the same schema. Nothing typed is lost.
      draft.saveNow();
      form.submit();
      return;
    }
    // Read once the schema is in: what is checked is what the form holds now, even if the
    // visitor typed while it loaded.
    const posted = readForm(form);
    const checked = await validation.submit(posted.input);
    if (!checked.ok) {
      sending.current = false;
      const field = firstInvalid(checked.fieldErrors);
      if (field) (form.elements.namedItem(field) as HTMLElement | null)?.focus();
      return;
    }
    setPending(true);
    const result = await sendOnboarding(checked.data, {
      idempotencyKey,
      website: posted.website,
      apiBase: import.meta.env.PUBLIC_API_BASE,
    });
    // The toast is a courtesy: if the toaster cannot be loaded, the visitor still moves on.
    const toast = await loadToaster().catch(() => undefined);
    if (result.ok) {
      draft.discard();
      toast?.success(questionnaire.toasts.success.title, {
        description: questionnaire.toasts.success.description,
      });
    } else {
      // The draft stays on this device: nothing typed is lost if the answer never arrived.
      draft.saveNow();
      console.error("Onboarding submission failed:", result.cause);
      toast?.(questionnaire.toasts.fallback.title, {
        description: questionnaire.toasts.fallback.description,
      });
    }
    navigate(paths.thankYou);
  };

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="mt-8"
    >
      {server?.formError ? (
        <p
          role="alert"
          className="mb-8 rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
        >
          {server.formError}
        </p>
      ) : null}
      <input type="hidden" name="selectedPlan" value={plan} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="absolute -left-[10000px] size-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`field-${honeypotField}`}>{copy.honeypotLabel}</label>
        <input
          id={`field-${honeypotField}`}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-10">
        {sections.map((section, index) => (
          <fieldset key={section.title} className="flex flex-col gap-6">
            <legend className="mb-6 flex items-center gap-3 text-lg font-semibold text-white">
              <span
                aria-hidden="true"
                className="grid size-7 place-items-center rounded-full bg-brand-500/20 text-sm text-brand-300"
              >
                {index + 1}
              </span>
              {section.title}
            </legend>
            <div className="grid gap-6 sm:grid-cols-2">
              {section.questions.map((question) => (
                <div key={question.name} className={question.wide ? "sm:col-span-2" : undefined}>
                  <Question
                    question={question}
                    defaultValue={server?.values?.[question.name] ?? ""}
                    error={validation.errors[question.name]?.[0]}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-10 flex flex-col items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className={buttonClass("primary", "lg", "w-full sm:w-auto sm:min-w-72")}
        >
          {pending ? copy.submitting : copy.submit}
        </button>
        <p className="min-h-4 text-xs text-zinc-500">{draft.saved ? copy.draftSaved : ""}</p>
        <p className="text-center text-sm text-zinc-400">{copy.footnote}</p>
      </div>
    </form>
  );
}
