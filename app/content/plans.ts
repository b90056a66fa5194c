/**
 * The plans: names, prices and what each includes. The landing page shows them, the
 * questionnaire and the intake service accept their names, the team filters by them.
 * Plan facts and prices are the product's (docs/product.md) and exact.
 */

export interface Plan {
  name: "Creator" | "Influencer" | "Enterprise";
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
  cta: string;
  footnote?: string;
  /**
   * The plan's numbers as the portal counts them (the contract; the features above say them in
   * words, and content.test.ts keeps the two the same): requests a week, and the minutes of raw
   * footage per video (null: no cap), and the turnaround in hours: a first cut is due that long
   * after the client marks its footage complete, a revision that long after changes are asked
   * (server/portal/turnaround.ts; the clock stops while the team waits on the client).
   */
  contract: {
    videosPerWeek: number;
    footageMinutesPerVideo: number | null;
    turnaroundHours: number;
  };
}

export type PlanName = Plan["name"];

export const plans = [
  {
    name: "Creator",
    price: "$99",
    period: "month",
    description: "For creators building a consistent posting habit.",
    features: [
      "3 videos per week, each up to 60 seconds",
      "Up to 10 minutes of raw footage per video",
      "7-day turnaround",
      "Standard captions and subtitles",
      "Basic hashtag suggestions",
    ],
    popular: false,
    cta: "Choose Creator",
    contract: { videosPerWeek: 3, footageMinutesPerVideo: 10, turnaroundHours: 7 * 24 },
  },
  {
    name: "Influencer",
    price: "$249",
    period: "month",
    description: "For influencers ready to grow faster, with a strategy behind every post.",
    features: [
      "5 videos per week, each up to 3 minutes",
      "Up to 20 minutes of raw footage per video",
      "48-hour turnaround",
      "Branded captions and subtitles",
      "Advanced hashtag and trend strategy",
      "Weekly content calendar with tips",
      "Priority support",
    ],
    popular: true,
    cta: "Choose Influencer",
    contract: { videosPerWeek: 5, footageMinutesPerVideo: 20, turnaroundHours: 48 },
  },
  {
    name: "Enterprise",
    price: "$449",
    period: "month",
    description: "For brands and agencies publishing every day across platforms.",
    features: [
      "10 short-form videos per week",
      "No cap on raw footage per video*",
      "24-hour turnaround",
      "Fully customised captions and branded subtitles",
      "Trend forecasting and deep-dive hashtag strategy",
      "Custom branded thumbnails",
      "Daily editorial calendar and full content strategy",
    ],
    popular: false,
    cta: "Choose Enterprise",
    footnote:
      "*Fair use: for footage over 60 minutes per video we agree the turnaround with you first.",
    contract: { videosPerWeek: 10, footageMinutesPerVideo: null, turnaroundHours: 24 },
  },
] as const satisfies readonly Plan[];

export const planNames = plans.map((plan) => plan.name) as readonly PlanName[];
export const defaultPlan: PlanName = "Creator";

/** The plan of this name, if it is one (a client's plan is stored by name). */
export function planNamed(name: string): Plan | undefined {
  return plans.find((plan) => plan.name === name);
}
