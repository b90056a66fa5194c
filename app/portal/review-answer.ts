import { data } from "react-router";
import type { ReviewOutcome } from "~/shared/review-port";

/**
 * What a version page's action answers, on either side: the outcome's sentence (200, or 400
 * with its refusal), and on a refused comment what was typed, so the form shows it again.
 */
export function reviewAnswer(form: URLSearchParams, outcome: ReviewOutcome) {
  if (outcome.ok) return data({ ok: true, message: outcome.notice, typed: undefined });
  const typed =
    form.get("intent") === "comment"
      ? {
          frameIn: form.get("frameIn") ?? "",
          frameOut: form.get("frameOut") ?? "",
          body: form.get("body") ?? "",
        }
      : undefined;
  return data({ ok: false, message: outcome.error, typed }, { status: 400 });
}
