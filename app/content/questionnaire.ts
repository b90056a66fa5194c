/**
 * The applicant's copy: the questionnaire (/onboarding), its messages, the thank-you page and
 * the toasts between them, and the messages of the fields' rules. The fields themselves (rules,
 * choices, controls) are app/shared/fields.ts; the plans are in plans.ts.
 */
import { brand } from "./brand.ts";
import { withinResponsePromise } from "./service.ts";

export const questionnaire = {
  title: "Welcome to Your Growth Journey!",
  selectedPlanLabel: "Selected Plan:",
  back: "Back to Plans",
  cardTitle: "Let's Get to Know You",
  cardIntro: "Ten quick questions so your editor can start on day one.",
  submit: "Start My Growth Journey",
  submitting: "Processing...",
  footnote: `Our team will review your application and reach out ${withinResponsePromise}.`,
  draftSaved: "Draft saved on this device",
  /** The hidden field only bots fill in (the honeypot). */
  honeypotLabel: "Leave this field empty",
  /** Shown at the top of the form when the server answers the no-JavaScript application. */
  errors: {
    invalid: "Please check the fields marked below.",
    rateLimited: "Too many submissions from your network. Please wait a few minutes and try again.",
    unavailable:
      "Our questionnaire is temporarily unavailable. Your answers are still here: please try again in a few minutes.",
    busy: "Many applications are arriving right now and yours was not saved yet. Your answers are still here: please send them again in a moment.",
    alreadySent:
      "This form was sent before with other answers. Nothing new was saved: check your answers below and send them again to send them as a new application.",
    tooLarge:
      "Your answers are too long to send in one go, and nothing was sent. Go back to shorten the longest ones (your browser keeps what you typed), then send the form again.",
    notAForm:
      "This form can only be sent as the page sends it, and nothing was sent. Please fill it in below and send it again.",
  },
  /**
   * The questionnaire's sections, in order, and each question's copy (the fields' order of
   * app/shared/fields.ts): its label, hint and placeholder as the form shows them, `message`
   * when its rule fails (a choice, or too short), `shortName` in "… must be at most N
   * characters" (typed fields).
   */
  sections: [
    {
      title: "Personal Information",
      fields: [
        {
          name: "name",
          label: "Full Name",
          placeholder: "e.g. Maya Lopez",
          message: "Name must be at least 2 characters",
          shortName: "Name",
        },
        {
          name: "email",
          label: "Email Address",
          placeholder: "you@example.com",
          message: "Please enter a valid email",
          shortName: "Email",
        },
      ],
    },
    {
      title: "Account Information",
      fields: [
        {
          name: "accountHandle",
          label: "Account Handle",
          hint: "Your main social media handle",
          placeholder: "@yourhandle",
          message: "Account handle is required",
          shortName: "Account handle",
        },
        {
          name: "accountType",
          label: "Account Type",
          placeholder: "Select your account type",
          message: "Please select an account type",
        },
      ],
    },
    {
      title: "Platform & Audience",
      fields: [
        {
          name: "primaryPlatform",
          label: "Primary Platform",
          placeholder: "Select your primary platform",
          message: "Please select your primary platform",
        },
        {
          name: "audienceSize",
          label: "Current Audience Size",
          placeholder: "Select your audience size",
          message: "Please select your audience size",
        },
      ],
    },
    {
      title: "Content & Strategy",
      fields: [
        {
          name: "contentNiche",
          label: "Content Niche",
          hint: "What type of content do you create?",
          placeholder: "e.g. Fitness coaching, quick recipes, tech reviews",
          message: "Please describe your content niche",
          shortName: "Content niche",
        },
        {
          name: "goals",
          label: "Your Goals",
          placeholder: "What do you want your content to achieve in the next three months?",
          message: "Please describe your goals (at least 10 characters)",
          shortName: "Goals",
        },
        {
          name: "currentChallenges",
          label: "Current Challenges",
          placeholder: "What is holding your content back right now?",
          message: "Please describe your challenges (at least 10 characters)",
          shortName: "Challenges",
        },
        {
          name: "brandStyle",
          label: "Brand Style & Preferences (Optional)",
          placeholder: "Colours, fonts, creators you admire, things to avoid…",
          shortName: "Brand style",
        },
      ],
    },
  ],
  /** Label of the selected plan in emails, chat messages and exports. */
  planLabel: "Selected Plan",
  /** When `selectedPlan` is none of the plans (the form always sends one). */
  planMessage: "Please choose one of our plans",
  thankYou: {
    title: "Thank You!",
    received: "Your submission has been received",
    body: `Our team will reach out ${withinResponsePromise}. Keep an eye on your inbox for next steps.`,
    back: "Return to Home",
  },
  toasts: {
    success: { title: "Success!", description: "Your submission has been received." },
    fallback: { title: "Submitted", description: "We'll be in touch soon!" },
  },
  seo: {
    onboarding: {
      title: `Start your onboarding | ${brand.name}`,
      description: `Tell us about your brand. Our team reaches out ${withinResponsePromise}.`,
    },
    thankYou: {
      title: `Thank you | ${brand.name}`,
      description: `Your application has been received. We'll reach out ${withinResponsePromise}.`,
    },
  },
} as const;

/** One question's copy (see `sections`): `name` is its field's (app/shared/fields.ts). */
export interface QuestionCopy {
  name: string;
  label: string;
  hint?: string;
  placeholder: string;
  message?: string;
  shortName?: string;
}

/** Every question's copy, in the form's order (fields.test.ts checks it against the fields). */
export const questionCopies: readonly QuestionCopy[] = questionnaire.sections.flatMap(
  (section): readonly QuestionCopy[] => section.fields,
);
