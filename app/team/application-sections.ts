/**
 * Where on the application page each action is done, so that its answer brings the member back
 * there (`#summary`, `#reply`, `#notes`…) and says what it did in that place, not at the top.
 */
export type ApplicationSection = "summary" | "thread" | "reply" | "notes" | "spam";

const sections: Record<string, ApplicationSection> = {
  status: "summary",
  assign: "summary",
  unassign: "summary",
  take: "summary",
  read: "summary",
  retry: "summary",
  nothingToRetry: "summary",
  replyNext: "summary",
  reply: "reply",
  alreadySent: "reply",
  note: "notes",
  spam: "spam",
  notSpam: "spam",
  confirmSender: "thread",
  toUnmatched: "thread",
};

/** The section of what was done (an ActionDone) or asked (an intent); the summary otherwise. */
export function sectionOf(doneOrIntent: string | null | undefined): ApplicationSection {
  switch (doneOrIntent) {
    case "reply-next":
    case "template":
      return "reply";
    case "not-spam":
      return "spam";
    case "confirm-sender":
    case "unmatch":
      return "thread";
    default:
      return Object.hasOwn(sections, doneOrIntent ?? "")
        ? (sections[doneOrIntent as string] as ApplicationSection)
        : "summary";
  }
}
