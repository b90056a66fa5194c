/**
 * Saved replies: the templates a member may start a reply from, on the application's page,
 * per plan. `{placeholders}` are filled by the page (`fill`, in app/shared/text.ts):
 * `{firstName}` the applicant's first name, `{plan}` their plan, `{owner}` the member writing,
 * `{promise}` "within 24 hours" (service.ts), `{brand}` the brand's name, `{signOff}` the
 * member's signature (/team/settings), or `defaultSignOff` when they set none. The member reads and
 * edits the text before sending it; nothing is sent from a template as it is.
 */
import type { PlanName } from "./plans.ts";

export interface ReplyTemplate {
  /** Unique among every plan's templates: the page's `?template=` names it. */
  id: string;
  /** What the Template select shows. */
  label: string;
  subject: string;
  body: string;
}

/** The subject a reply starts with when no template is chosen. */
export const replySubject = "Re: Your {brand} application ({plan} plan)";

/** How a reply ends when the member wrote no signature of their own. */
export const defaultSignOff = "Best,\n{owner}\n{brand}";

const signature = "\n\n{signOff}";

export const replies: Record<PlanName, readonly ReplyTemplate[]> = {
  Creator: [
    {
      id: "creator-call",
      label: "Book a call",
      subject: replySubject,
      body: `Hi {firstName},\n\nThanks for applying to the {plan} plan. Could we have a 15-minute call this week to talk about your channel and how you post today? Reply with two or three times that suit you, and your time zone, and I will send an invitation.${signature}`,
    },
    {
      id: "creator-send",
      label: "What to send us",
      subject: replySubject,
      body: `Hi {firstName},\n\nTo get your first videos started on the {plan} plan, please reply with:\n\n- a link to two or three videos of yours that you like\n- the raw footage of your next video (up to 10 minutes), or a link to it\n- anything we should always or never do (words, music, colours)\n\nWe return each video within 7 days of receiving its footage.${signature}`,
    },
    {
      id: "creator-next",
      label: "Next step for the Creator plan",
      subject: "Next step for the {plan} plan",
      body: `Hi {firstName},\n\nWe would love to edit for you on the {plan} plan: three videos a week, each up to 60 seconds, with captions and hashtag suggestions. The next step is a short call to agree on your style; reply to this email and we will set it up. Any question you send us is answered {promise}.${signature}`,
    },
  ],
  Influencer: [
    {
      id: "influencer-call",
      label: "Book a call",
      subject: replySubject,
      body: `Hi {firstName},\n\nThanks for applying to the {plan} plan. I would like to walk you through how we build your weekly content calendar and trend strategy. Could we have a 20-minute call this week? Reply with a few times that suit you, and your time zone.${signature}`,
    },
    {
      id: "influencer-send",
      label: "What to send us",
      subject: replySubject,
      body: `Hi {firstName},\n\nTo prepare your first week on the {plan} plan, please reply with:\n\n- links to the five videos of yours that did best, and why you think they did\n- your brand colours and fonts, if you have them, for the branded captions\n- the raw footage of your next video (up to 20 minutes), or a link to it\n\nYour videos then come back within 48 hours of their footage.${signature}`,
    },
    {
      id: "influencer-next",
      label: "Next step for the Influencer plan",
      subject: "Next step for the {plan} plan",
      body: `Hi {firstName},\n\nGood news: we would love to work with you on the {plan} plan, five videos a week with a strategy behind each post. The next step is a kick-off call where we agree on your first content calendar; reply with a time that suits you. Questions are answered {promise}, and with priority support.${signature}`,
    },
  ],
  Enterprise: [
    {
      id: "enterprise-call",
      label: "Book a call",
      subject: replySubject,
      body: `Hi {firstName},\n\nThanks for applying to the {plan} plan. To plan daily publishing across your platforms, I would like to meet the people who approve your content. Could we have a 30-minute call this week? Reply with a few times that suit you and who should join.${signature}`,
    },
    {
      id: "enterprise-send",
      label: "What to send us",
      subject: replySubject,
      body: `Hi {firstName},\n\nTo set up the {plan} plan, please reply with:\n\n- your brand guidelines (logo, colours, fonts, tone of voice)\n- the platforms and accounts we publish for, and who approves each video\n- a sample of raw footage, or a link to where you keep it\n\nFootage over 60 minutes per video is welcome: we agree its turnaround with you first.${signature}`,
    },
    {
      id: "enterprise-next",
      label: "Next step for the Enterprise plan",
      subject: "Next step for the {plan} plan",
      body: `Hi {firstName},\n\nWe would be glad to take on the {plan} plan with you: ten videos a week, custom branded thumbnails and a daily editorial calendar. The next step is a kick-off call with your team to agree on the calendar and the approvals; reply with a time that suits you. Anything you ask us in the meantime is answered {promise}.${signature}`,
    },
  ],
};
