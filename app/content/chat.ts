/**
 * The chat messages (Slack, Discord, Teams) announcing an application, and the alerts of a
 * delivery that failed for good (in chat and by email). `{placeholders}` are filled by the
 * server (`fill`, in app/shared/text.ts).
 */

export const chat = {
  application: {
    title: "New application",
    summary: "New application: {plan} plan, {platform}, {audience}",
    inboxLink: "Open in the team inbox",
    ownerLabel: "Owner",
    dueLabel: "Answer by",
    unassigned: "Unassigned: no member is available",
  },
  /** Before an unanswered application is due: to its owner (or the team, when it has none). */
  reminder: {
    title: "Reminder: an application is due soon",
    subject: "Reminder: an application ({plan} plan) is due {due}",
    summary:
      "An application ({plan} plan) owned by {owner} is due {due} and has not been answered yet.",
    line: "We promised every applicant an answer {promise}. Reply, or set its status once you have.",
  },
  /** When an application is due and still unanswered: to the team. */
  missed: {
    title: "Promise missed",
    subject: "Promise missed: an application ({plan} plan) was due {due}",
    summary:
      "An application ({plan} plan) owned by {owner} was due {due} and has not been answered.",
    line: "Answer it now: the applicant was promised an answer {promise}.",
  },
  /**
   * A reply came back to an application: to its owner (the team, without one). Never a word
   * of the reply: who, and where to read it.
   */
  reply: {
    title: "New reply",
    subject: "New reply from {name}",
    summary: "An applicant replied ({plan} plan): read it in the team inbox.",
    line: "The reply is on the application's page; nothing of it is copied here.",
  },
  /**
   * Mail coming in met one of its limits (docs/replies.md, "Limits"): by email to ALERT_EMAIL
   * (else TEAM_EMAIL), once per limit and period. Never a word of the mail, nor who sent it.
   */
  inboundLimit: {
    subject: "Mail refused: {limit}",
    summary: "Mail coming in met a limit: {limit} ({value}). More of it is refused until {until}.",
    rate: "Its senders were told to try again later (SMTP 451, HTTP 429); a mail server retries.",
    quota: "Its senders were told the mailbox is full (SMTP 552, HTTP 507); nothing was kept.",
    raise:
      "If this is genuine mail, raise {variable} in the configuration, or delete old mail on the application or in Unmatched.",
    limits: {
      sender_messages_per_hour: "messages per hour from one sender",
      sender_messages_per_day: "messages per day from one sender",
      sender_bytes_per_hour: "bytes per hour from one sender",
      sender_bytes_per_day: "bytes per day from one sender",
      ip_messages_per_hour: "messages per hour from one mail server",
      ip_messages_per_day: "messages per day from one mail server",
      ip_bytes_per_hour: "bytes per hour from one mail server",
      ip_bytes_per_day: "bytes per day from one mail server",
      application_messages_per_hour: "messages per hour for one application",
      application_messages_per_day: "messages per day for one application",
      application_bytes_per_hour: "bytes per hour for one application",
      application_bytes_per_day: "bytes per day for one application",
      application_stored_bytes: "bytes stored for one application",
      unmatched_stored_bytes: "bytes stored in Unmatched",
    },
  },
  alert: {
    title: "Delivery failed for good",
    subject: "Delivery failed for good: {kind} of application {id}",
    summary: "The {kind} of application {id} failed for good ({errorClass}).",
    applicationLabel: "Application",
    kindLabel: "Delivery",
    errorLabel: "Error",
    safe: "The application itself is kept in the database; nothing was lost.",
    retry: "Once the cause is fixed, send it again: npm run submissions -- retry {id}",
    /** What each class of error means (server/delivery/error-class.ts). */
    errors: {
      unreachable: "the server could not be reached",
      timeout: "no answer in time",
      dns: "the host name does not resolve",
      tls: "the TLS connection was refused",
      smtp_auth: "the mail server refused the login",
      smtp_refused: "the mail server refused the message",
      http_4xx: "the receiver refused the request (4xx)",
      http_429: "the receiver kept asking to slow down (429)",
      http_5xx: "the receiver kept failing (5xx)",
      http_other: "an unexpected HTTP answer",
      not_configured: "its address is no longer configured",
      unknown_kind: "this version of the server does not know that kind of delivery",
      submission_missing: "the application was erased",
      other: "an unexpected error",
    },
  },
} as const;
