import { brand } from "~/content/brand";
import { type PlanName, planNames } from "~/content/plans";
import { defaultSignOff, replies, replySubject } from "~/content/replies";
import { withinResponsePromise } from "~/content/service";
import { fill } from "~/shared/text";

export interface FilledReply {
  id: string;
  label: string;
  subject: string;
  body: string;
}

/** What a reply's placeholders are filled with: this applicant, this member (and their signature). */
function values(applicant: { name: string; plan: string }, owner: string, signature = "") {
  return {
    firstName: applicant.name.trim().split(/\s+/)[0] || applicant.name,
    plan: applicant.plan,
    owner,
    promise: withinResponsePromise,
    brand: brand.name,
    signOff: signature.trim() || fill(defaultSignOff, { owner, brand: brand.name }),
  };
}

const isPlan = (plan: string): plan is PlanName => (planNames as readonly string[]).includes(plan);

/** The saved replies of the applicant's plan, filled for them and the member writing. */
export function filledReplies(
  applicant: { name: string; plan: string },
  owner: string,
  signature?: string,
): FilledReply[] {
  const filled = values(applicant, owner, signature);
  const templates = isPlan(applicant.plan) ? replies[applicant.plan] : [];
  return templates.map((template) => ({
    id: template.id,
    label: template.label,
    subject: fill(template.subject, filled),
    body: fill(template.body, filled),
  }));
}

/** The subject a reply starts with when no template is chosen: "Re: Your … application". */
export function defaultReplySubject(applicant: { name: string; plan: string }): string {
  return fill(replySubject, values(applicant, ""));
}
