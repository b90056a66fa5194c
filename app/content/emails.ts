/**
 * The emails: the team's notification of a new application, the applicant's confirmation and
 * a team member's sign-in link. `{placeholders}` are filled by the server (`fill`, in
 * app/shared/text.ts); the alert email shares the chat alerts' words (chat.ts).
 */
import { brand } from "./brand.ts";
import { withinResponsePromise } from "./service.ts";

export const emails = {
  /** To TEAM_EMAIL, one per application. */
  team: {
    subject: "New application: {name} — {plan} plan",
    heading: "New application",
    intro: "A new application arrived through the onboarding questionnaire. Reply to reach {name}.",
    receivedLabel: "Received",
    idLabel: "Submission",
    ownerLabel: "Owner",
    dueLabel: "Answer by",
    unassigned: "Unassigned: no member is available",
    notProvided: "(not provided)",
    /** Where the application came from: "newsletter / email / spring-sale", Direct, Not known. */
    sourceLabel: "Source",
    sourceWords: { direct: "Direct", unknown: "Not known" },
  },
  /** To the applicant, one per application (within the confirmation caps). */
  confirmation: {
    subject: `Thanks for applying to ${brand.name} — {plan} plan`,
    heading: "Thank you, {name}!",
    received: "We have received your application for the {plan} plan.",
    next: `Our team is reviewing your answers, and we'll reach out ${withinResponsePromise} with your next steps.`,
    contact: "Questions in the meantime? Write to us at {email}.",
    signature: `The ${brand.name} team`,
  },
  /** To a team member who asked to sign in: the link to the page with the "Sign in" button. */
  signIn: {
    subject: `Sign in to ${brand.name}`,
    heading: `Sign in to ${brand.name}`,
    body: `Use the link below to sign in to the ${brand.name} team inbox. It works once, within 15 minutes.`,
    button: "Sign in",
    ignore:
      "If you did not ask to sign in, you can ignore this email: nothing happens without the link.",
  },
  /**
   * A reply a member sent from the inbox: plain text as they wrote it; only the sender's
   * name is ours ("Maya at" the brand: their display name, /team/settings), over the team's
   * address (CONTACT_EMAIL), never a no-reply one.
   */
  reply: {
    fromName: "{member} at {brand}",
  },
} as const;
