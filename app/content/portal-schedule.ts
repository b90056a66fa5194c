import { portal } from "./portal.ts";

/**
 * The words of the posting schedule (issue 39, decision 0094): the team's post page, the
 * calendars (week and month) of the client and the team, the feed's box. `{placeholders}` are
 * filled with `fill` (app/shared/text.ts).
 */
export const portalSchedule = {
  /** The platforms a post may go to: the request form's. */
  platforms: portal.client.platforms,
  limits: {
    captionMax: 2200,
    hashtagsMax: 30,
    hashtagMax: 50,
    timeZoneMax: 64,
    /** How far ahead and back a post may be planned (days). */
    aheadDays: 730,
    backDays: 30,
  },
  seo: {
    post: "Post · Team",
    teamSchedule: "Posting schedule · Team",
    clientSchedule: "Posting schedule · Client portal",
  },
  post: {
    title: "Post for “{title}”",
    client: "Client: {client}",
    back: "Back to {client}",
    videoApproved: "The client approved the video: they can approve this post.",
    videoNotApproved:
      "The video is not approved yet. The post shows on the calendars as planned; the client can approve it once they approve the video.",
    platform: "Platform",
    date: "Date",
    time: "Time",
    timeZone: "Time zone (IANA, for example Europe/Berlin)",
    caption: "Caption",
    captionHint: "Up to 2200 characters.",
    hashtags: "Hashtags",
    hashtagsHint:
      "Up to 30, separated by spaces or commas; letters, digits and _ only, with or without #.",
    save: "Save the post",
    saved: "The post is saved (revision {revision}). The client is asked to approve it.",
    unchanged: "Nothing changed: the post stays as it was.",
    state: "Revision {revision} · {state}",
    errors: {
      platform: "Choose one of the platforms.",
      date: "Give the date as YYYY-MM-DD.",
      dateRange: "Plan the post between 30 days ago and two years from now.",
      time: "Give the time as HH:MM (24 hours).",
      timeZone: "Give an IANA time zone such as Europe/Berlin or America/New_York.",
      gap: "{time} does not exist on {date} in {zone}: the clocks go forward then. Choose another time.",
      caption: "Write a caption.",
      captionLong: "The caption is {length} characters; at most 2200.",
      characters:
        "The caption holds characters that cannot be stored (control or hidden characters).",
      hashtag: "“{tag}” is not a hashtag: letters, digits and _ only, 50 at most.",
      hashtagsMany: "{count} hashtags: at most 30.",
      changed:
        "Someone changed the post meanwhile: here it is as it is now. Make your change again.",
    },
  },
  calendar: {
    teamTitle: "Posting schedule",
    clientTitle: "Posting schedule",
    navigation: "Calendar views",
    week: "Week",
    month: "Month",
    previous: "Previous",
    next: "Next",
    today: "Today",
    weekOf: "Week of {date}",
    allClients: "All clients",
    client: "Client",
    show: "Show",
    none: "No posts in this time.",
    approved: "Approved",
    waiting: "Waiting for the client's approval",
    changed: "Changed since approved: waiting for approval",
    planned: "Planned: the video is not approved yet",
    approve: "Approve this post",
    /** The button's own words in a day's narrow column; its accessible name is `approve`'s. */
    approveShort: "Approve",
    approvedMessage: "The post is approved: it is in your calendar feed.",
    approveErrors: {
      not_found: "That post is not on your schedule.",
      changed: "The team changed this post meanwhile: read it again, then approve it.",
      video: "Approve the video first; then its post.",
    },
    writePost: "Post",
    clientSchedule: "Posting schedule",
    tooMany: "Only the first {count} posts of this time are shown.",
  },
  /**
   * The email to each person of the client when a post waits for their approval (decision
   * 0100): once per revision, after the team's edits of a sitting, once the video is approved.
   */
  email: {
    subject: "A post of “{title}” waits for your approval",
    intro:
      "Hello {client}, the team planned where and when “{title}” is posted. It waits for your approval.",
    platform: "Platform",
    when: "When",
    caption: "Caption",
    open: "Read and approve it on your posting schedule",
  },
  feed: {
    title: "Your calendar feed",
    teamTitle: "Calendar feed",
    intro:
      "Subscribe to this address in your calendar app (Google Calendar, Apple Calendar, Outlook) to see your approved posts. Anyone with the address can read the schedule: keep it private.",
    teamIntro:
      "The client's approved posts as an iCal feed. Anyone with the address can read it; a new address stops the old one at once.",
    label: "Feed address",
    rotate: "Make a new address",
    rotateHint:
      "The current address stops working at once; calendars subscribed to it stop updating.",
    rotated: "A new feed address is made; the old one no longer works.",
  },
} as const;
