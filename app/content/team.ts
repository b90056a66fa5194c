/**
 * The team's side (/team): sign-in, the inbox, one application, and what the team calls each
 * kind of delivery. `{placeholders}` are filled by the routes (`fill`, in app/shared/text.ts).
 * The sign-in email is in emails.ts.
 */
import { brand } from "./brand.ts";

export const team = {
  /**
   * Every kind of delivery (server/delivery/kinds/registry.ts), by its name: `label` on the
   * team's pages, `noun` inside a sentence (alerts: "The team email of application … failed").
   */
  deliveryKinds: {
    team_notification: { label: "Team notification", noun: "team email" },
    applicant_confirmation: {
      label: "Applicant confirmation",
      noun: "applicant's confirmation email",
    },
    webhook: { label: "Webhook", noun: "webhook" },
    slack: { label: "Slack message", noun: "Slack message" },
    discord: { label: "Discord message", noun: "Discord message" },
    teams: { label: "Teams message", noun: "Teams message" },
    alert_email: { label: "Alert email", noun: "alert email" },
    alert_slack: { label: "Slack alert", noun: "Slack alert" },
    alert_discord: { label: "Discord alert", noun: "Discord alert" },
    alert_teams: { label: "Teams alert", noun: "Teams alert" },
    reminder_email: { label: "Reminder email", noun: "reminder email" },
    reminder_slack: { label: "Slack reminder", noun: "Slack reminder" },
    reminder_discord: { label: "Discord reminder", noun: "Discord reminder" },
    reminder_teams: { label: "Teams reminder", noun: "Teams reminder" },
    missed_email: { label: "Promise-missed email", noun: "promise-missed email" },
    missed_slack: { label: "Slack promise-missed alert", noun: "Slack promise-missed alert" },
    missed_discord: { label: "Discord promise-missed alert", noun: "Discord promise-missed alert" },
    missed_teams: { label: "Teams promise-missed alert", noun: "Teams promise-missed alert" },
    portal_invite: { label: "Portal invite", noun: "portal invite email" },
    reply_notice_email: { label: "New-reply email", noun: "new-reply email" },
    reply_notice_slack: { label: "Slack new-reply message", noun: "Slack new-reply message" },
    reply_notice_discord: { label: "Discord new-reply message", noun: "Discord new-reply message" },
    reply_notice_teams: { label: "Teams new-reply message", noun: "Teams new-reply message" },
    footage_notice_email: { label: "New-footage email", noun: "new-footage email" },
    cut_ready_email: { label: "Cut-ready email", noun: "cut-ready email" },
    client_comments_email: { label: "Client-comments email", noun: "client-comments email" },
    team_comments_email: { label: "Team-comments email", noun: "team-comments email" },
    cut_reminder_email: { label: "Cut-due reminder email", noun: "cut-due reminder email" },
    cut_missed_email: { label: "Cut-overdue email", noun: "cut-overdue email" },
    post_waiting_email: { label: "Post-waiting email", noun: "post-waiting email" },
    footage_notice_slack: {
      label: "Slack new-footage message",
      noun: "Slack new-footage message",
    },
    footage_notice_discord: {
      label: "Discord new-footage message",
      noun: "Discord new-footage message",
    },
    footage_notice_teams: {
      label: "Teams new-footage message",
      noun: "Teams new-footage message",
    },
    cut_reminder_slack: {
      label: "Slack cut-due reminder",
      noun: "Slack cut-due reminder",
    },
    cut_missed_slack: { label: "Slack cut-overdue alert", noun: "Slack cut-overdue alert" },
    cut_reminder_discord: {
      label: "Discord cut-due reminder",
      noun: "Discord cut-due reminder",
    },
    cut_missed_discord: { label: "Discord cut-overdue alert", noun: "Discord cut-overdue alert" },
    cut_reminder_teams: {
      label: "Teams cut-due reminder",
      noun: "Teams cut-due reminder",
    },
    cut_missed_teams: { label: "Teams cut-overdue alert", noun: "Teams cut-overdue alert" },
    client_comments_slack: {
      label: "Slack client-comments message",
      noun: "Slack client-comments message",
    },
    client_comments_discord: {
      label: "Discord client-comments message",
      noun: "Discord client-comments message",
    },
    client_comments_teams: {
      label: "Teams client-comments message",
      noun: "Teams client-comments message",
    },
    reply_email: { label: "Reply email", noun: "reply email" },
  } as Record<string, { label: string; noun: string }>,
  label: "Team",
  nav: {
    label: "Team",
    inbox: "Inbox",
    clients: "Clients",
    signedInAs: "Signed in as",
    signOut: "Sign out",
    addPasskey: "Add a passkey",
    addingPasskey: "Waiting for your passkey…",
    passkeyAdded: "Passkey added. Next time, sign in with it.",
    passkeyFailed: "The passkey was not added. Please try again.",
    passkeyStale: "For your security, sign in again with a link before adding a passkey.",
    response: "Response",
    insights: "Insights",
    settings: "Settings",
    /** Shown when replies matched no application: "Unmatched (3)". */
    unmatched: "Unmatched ({count})",
    available: "Available",
    away: "Away",
    availability: "Your availability",
    goAway: "Set yourself away",
    comeBack: "Set yourself available",
    awayHint: "Away: new applications go to the others.",
    /** The phone's menu button (the top bar's pages, availability, passkey). */
    menu: "Menu",
  },
  signIn: {
    title: "Sign in",
    intro: "Team members sign in with a one-time link sent by email.",
    emailLabel: "Email",
    submit: "Send sign-in link",
    sending: "Sending…",
    invalidEmail: "Please enter a valid email address",
    rateLimited: "Too many sign-in attempts. Please wait {minutes} minutes and try again.",
    sentTitle: "Check your inbox",
    sentBody:
      "If {email} belongs to a team member, a sign-in link is on its way. It works once, within 15 minutes.",
    another: "Use another address",
    or: "or",
    passkey: "Sign in with a passkey",
    passkeyWaiting: "Waiting for your passkey…",
    passkeyFailed: "That passkey did not work. Sign in with an emailed link instead.",
    passkeyNeedsScript: "Passkeys need JavaScript; the emailed link works without it.",
    signedOut: "You are signed out.",
  },
  link: {
    title: `Sign in to ${brand.name}`,
    intro: "You are signing in as {email}.",
    button: "Sign in",
    expiredTitle: "This sign-in link has expired",
    expiredBody: "Sign-in links work for 15 minutes. Ask for a new one below.",
    usedTitle: "This sign-in link has already been used",
    usedBody: "Each sign-in link works once. Ask for a new one below.",
    newLink: "Send a new link",
  },
  statuses: { new: "New", contacted: "Contacted", onboarded: "Onboarded", declined: "Declined" },
  inbox: {
    title: "Applications",
    filtersLabel: "Filters",
    statusLabel: "Status",
    planLabel: "Plan",
    spamLabel: "Spam",
    searchLabel: "Search",
    searchPlaceholder: "Name, email, handle or niche",
    any: "Any",
    spamOptions: { no: "Not spam", yes: "Spam", all: "All" },
    apply: "Apply filters",
    clear: "Clear",
    /** The phone's disclosure of the filters, with how many are on. */
    filtersCount: "Filters ({count})",
    /** Above the list while any filter is on (the view's own owner and due are no filter). */
    filtersOn: "{count} {filters} on: the list shows only what matches.",
    filter: "filter",
    filters: "filters",
    clearFilters: "Clear filters",
    columns: {
      name: "Name",
      plan: "Plan",
      platform: "Platform",
      audience: "Audience",
      status: "Status",
      owner: "Owner",
      clock: "Answer",
      age: "Received",
    },
    ownerLabel: "Owner",
    ownerOptions: { "": "Anyone", me: "Me", none: "Unassigned" },
    dueLabel: "Due",
    dueOptions: { "": "Any", overdue: "Overdue", today: "Due today" },
    replyLabel: "Replies",
    replyOptions: { "": "Any", new: "New reply" },
    newReplyBadge: "New reply",
    /** The views above the list (All has no count: it is not work to do). */
    viewsLabel: "Views",
    views: {
      needs: "Needs reply",
      mine: "Mine",
      unassigned: "Unassigned",
      overdue: "Overdue",
      all: "All",
    },
    viewCount: "{label} ({count})",
    viewMenu: "View: {view}",
    /** The phone's menu when the filters make no view. */
    viewsCustom: "Filtered",
    unassigned: "Unassigned",
    clock: {
      due: "Due in {span}",
      overdue: "Overdue by {span}",
      answered: "Answered in {span}",
      /** After the due time; the badge is amber, red past twice the promise. */
      answeredLate: "Answered late, in {span}",
      none: "—",
    },
    overdueBanner: "{count} {applications} past the {hours}-hour promise without an answer.",
    overdueLink: "Show them",
    spamBadge: "Spam",
    empty: "No applications match these filters.",
    /** A new install's inbox: nothing has come in yet. */
    emptyInstall: "No applications yet: share your site,",
    /** Keyboard shortcuts: the `?` dialog. */
    keys: {
      title: "Keyboard shortcuts",
      hint: "Press ? for keyboard shortcuts",
      close: "Close",
      list: [
        ["j", "Next application"],
        ["k", "Previous application"],
        ["Enter", "Open it"],
        ["r", "Open it at the reply"],
        ["a", "Take it and open it"],
        ["?", "This list"],
      ],
    },
    newest: "First page",
    older: "Next page",
    exportCsv: "Export CSV",
    exportJson: "Export JSON",
    failedBanner:
      "{count} {applications} with a delivery that failed for good: the team or the applicant was not told.",
    failedLink: "Show them",
    /** After "Send and next" on the last application of a view (`?sent=last`). */
    viewDone: "Reply sent. That was the last one in this view.",
    application: "application",
    applications: "applications",
  },
  application: {
    back: "Back to the inbox",
    /** The bar at the top of the page: who has it, the clock, the status (one tap each). */
    summary: {
      title: "Summary",
      owner: "Owner",
      you: "You",
      nobody: "Nobody",
      clock: "Answer",
      status: "Status",
      /** The Owner select's label beside Assign. */
      assignLabel: "Owner",
      spamOwner: "Nobody: spam is never assigned.",
    },
    /** Deliveries, source, audit log: folded under one Details. */
    detailsTitle: "Details",
    detailsHint: "Source, deliveries and the audit log",
    /** A delivery failed for good: said at the top, its details folded below. */
    failedDelivery: "{kind}: {sentence}",
    received: "Received {age}",
    answersTitle: "Answers",
    deliveriesTitle: "Deliveries",
    noDeliveries: "No deliveries: spam is never sent.",
    deliveryStatuses: { pending: "Pending", done: "Sent", failed: "Failed", skipped: "Not sent" },
    attempts: "Attempts",
    created: "Created",
    updated: "Last change",
    nextAttempt: "Next attempt",
    lastError: "Last error",
    /** The raw error line, folded under the sentence. */
    rawError: "The error as the server gave it",
    /**
     * A delivery's error as a sentence (app/team/delivery-error.ts): who refused ({who}) and
     * why, from the SMTP code or the error's class.
     */
    deliveryErrors: {
      who: {
        applicant: "The applicant's mail server",
        team: "The team's mail server",
        service: "The receiving service",
      },
      refused: "{who} refused the message: {reason}.",
      reasons: {
        "5.1.1": "the address does not exist",
        "5.1.2": "the address's domain does not exist",
        "5.1.3": "the address is not valid",
        "5.1.10": "the address's domain takes no mail",
        "5.2.1": "the mailbox is disabled",
        "5.2.2": "the mailbox is full",
        "4.2.2": "the mailbox is full for now; it will be tried again",
        "5.2.3": "the message is too large",
        "5.3.4": "the message is too large",
        "5.7": "it was refused as unwanted (spam, or a rule of theirs)",
        "5": "it was refused for good",
        "4": "it was refused for now; it will be tried again",
      } as Record<string, string>,
      classes: {
        unreachable: "Our mail server or the service could not be reached.",
        timeout: "The receiving server did not answer in time.",
        dns: "The receiving domain could not be found.",
        tls: "A secure connection to the receiving server could not be made.",
        smtp_auth: "Our mail server refused our sign-in: check SMTP_URL.",
        smtp_refused: "The receiving mail server refused the message.",
        http_4xx: "The service refused the message: its address or token may be wrong.",
        http_429: "The service asked us to slow down; it will be tried again.",
        http_5xx: "The service had an error of its own; it will be tried again.",
        http_other: "The service answered with something unexpected.",
        not_configured: "It is not configured any more, so it was not sent.",
        unknown_kind: "This product no longer knows this kind of delivery.",
        submission_missing: "The application was erased before it went out.",
        other: "It failed: the error is below.",
      } as Record<string, string>,
    },
    /** At the top of the page: the address bounced, so a reply will too. */
    bounced: {
      confirmation:
        "The confirmation email bounced: your reply will bounce too. Check the address ({email}).",
      reply:
        "A reply to this applicant bounced: the next will bounce too. Check the address ({email}).",
    },
    ownerTitle: "Owner",
    ownerLabel: "Owner",
    nobody: "Nobody (unassigned)",
    awaySuffix: " (away)",
    assign: "Assign",
    take: "Take it",
    yours: "This application is yours.",
    unassignedNote: "Unassigned: no member was available when it arrived.",
    dueAt: "Due {time}",
    answeredAt: "First answered {time}",
    skipReason: "Why",
    skipReasons: {
      spam: "marked as spam",
      answered: "answered before it was due",
      read: "the reply was read or answered before it went out",
      recipient_recent: "this address got a confirmation in the last 24 hours",
      hourly_cap: "the hourly limit of confirmations was reached",
    } as Record<string, string>,
    statusTitle: "Status",
    statusLabel: "Status",
    saveStatus: "Save status",
    notesTitle: "Notes",
    noteLabel: "Note",
    addNote: "Add note",
    noNotes: "No notes yet.",
    spamTitle: "Spam",
    isSpam: "Marked as spam: nothing is sent.",
    notSpamNote: "Not spam: the emails are sent.",
    markSpam: "Mark as spam",
    notSpam: "Not spam",
    retry: "Retry",
    retryHint: "Sends the failed deliveries again.",
    eraseTitle: "Erase",
    eraseHint:
      "Deletes every application of {email}, their deliveries and notes, and the emails kept on this server. This cannot be undone.",
    erase: "Erase",
    eraseConfirm: "Yes, erase everything of this applicant",
    erasedToast: "The applicant was erased.",
    auditTitle: "Audit log",
    noAudit: "Nothing done yet.",
    auditActions: {
      status: "set the status to {detail}",
      note: "added a note",
      spam: "marked it as spam",
      "not-spam": "marked it as not spam",
      assign: "gave it to {detail}",
      unassign: "left it unassigned",
      retry: "retried {detail} failed deliveries",
      reply: "sent a reply",
      read: "marked the reply as read",
      erase: "erased the applicant",
      "erase-client": "erased the client made from this application",
      "attach-reply": "attached a reply that had matched no application",
      "confirm-sender": "confirmed a reply from another address as the applicant's",
      "unmatch-reply": "moved a reply from another address to Unmatched",
    },
    newReplyBadge: "New reply",
    markRead: "Mark read",
    threadTitle: "Conversation",
    noThread: "No emails yet.",
    thread: {
      /** Ours, by the state of the delivery that sends it. */
      statuses: {
        pending: "Sending",
        done: "Sent",
        failed: "Failed",
        skipped: "Not sent",
      } as Record<string, string>,
      sentBy: "sent by {member}",
      to: "To {to}",
      quoted: "Show the quoted text",
      attachments: "Attachments",
      /** A page shows the newest messages of a thread; the rest are a link away. */
      count: "{count} emails in all; the newest {shown} here.",
      countEarlier: "{count} emails in all; earlier ones here.",
      earlier: "Earlier emails",
      newest: "Back to the newest emails",
      /** Theirs: what the receiving server found (SPF, DKIM, DMARC), folded under Details. */
      auth: "SPF {spf} · DKIM {dkim} · DMARC {dmarc}",
      /**
       * Theirs, in words: verified only when DMARC passed and their DKIM signature did (decision
       * 0073); a failed check says so; anything else is not verified.
       */
      sender: {
        verified: "Verified sender",
        failed: "Sender not verified: a check failed",
        unverified: "Sender not verified",
      },
      details: "Details",
      checks: "Checks",
      /** Theirs came to the application's own reply address: never shown as theirs. */
      toTeam: "To the team",
      authUnknown: "unknown",
      /** Theirs, kept but not a new reply (decision 0063), by why. */
      flags: {
        sender: "From an address that is not the applicant's: confirm it's theirs",
        automatic: "Automatic (an out-of-office reply, a bounce or list mail): not a new reply",
        ours: "From our own address: not the applicant's",
      } as Record<string, string>,
      confirmSender: "Confirm it's theirs",
      toUnmatched: "Move to Unmatched",
      /** The emails the product sent on its own, by their delivery's kind. */
      system: {
        team_notification: "The team was told of this application by email.",
        applicant_confirmation: "The applicant was told that their application arrived.",
      } as Record<string, string>,
    },
    reply: {
      title: "Reply",
      intro: "The applicant gets it by email, from the team's address with your name.",
      templateLabel: "Template",
      noTemplate: "No template",
      useTemplate: "Use template",
      subjectLabel: "Subject",
      bodyLabel: "Message",
      send: "Send reply",
      subjectEmpty: "Please write a subject.",
      subjectTooLong: "Subjects are at most 200 characters.",
      subjectOneLine:
        "The subject must be one line: please remove line breaks and invisible control characters.",
      bodyEmpty: "Please write a message.",
      bodyTooLong: "Messages are at most 10,000 characters.",
      /** The form had no draft key, or a malformed one (a page from before): nothing was sent. */
      staleForm: "This form was out of date, so nothing was sent. Press Send reply to send it.",
      /** The draft's key was used by a reply with other text (the back button, then changes). */
      keyReused:
        "This draft was already sent with other text, so nothing was sent now. Press Send reply to send this text as a new reply.",
      /** Sends, then opens the next application of the view the inbox was showing. */
      sendNext: "Send and next",
      sendAnyway: "Send anyway",
      sendAnywayNext: "Send anyway and next",
      /**
       * A message came or went in the thread after the page was loaded: nothing was sent, the
       * text is kept, the new message is shown above the form ({name}, {ago}: "2 minutes ago").
       */
      stale: {
        ours: "{name} replied {ago}, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
        theirs:
          "{name} (applicant) wrote {ago}, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
        otherAddress:
          "{name} wrote {ago} from another address, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
        automatic:
          "An automatic email came in {ago}, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
        ago: {
          now: "just now",
          minute: "1 minute ago",
          minutes: "{count} minutes ago",
          hour: "1 hour ago",
          hours: "{count} hours ago",
          day: "1 day ago",
          days: "{count} days ago",
        },
      },
      /** Choosing a template while the message holds text: our own dialog asks first. */
      templateDialog: {
        title: "Use the template “{template}”?",
        body: "Your message already has text. Replace it with the template, or add the template below it?",
        replace: "Replace my text",
        insert: "Add below my text",
        cancel: "Keep my text as it is",
      },
      /** Without JavaScript: "Use template" posts the draft; typed text is never dropped. */
      templateAdded: "The template was added below your text: nothing you typed was replaced.",
      templateUsed: "The template is in the message: edit it before sending.",
      templateNone: "Please choose a template first.",
      /** A spam application gets no reply (nothing is sent to spam). */
      spamNoReply: "No reply to spam: mark it as not spam first if it is a real applicant.",
    },
    done: {
      status: "Status saved.",
      note: "Note added.",
      spam: "Marked as spam.",
      notSpam: "Marked as not spam: its emails are on their way.",
      retry: "The failed deliveries are being sent again.",
      nothingToRetry: "No failed deliveries to retry.",
      erase: "The applicant was erased.",
      /** Erase refused: the applicant became a client, or is one of a client's people (0088). */
      eraseClientFirst:
        "Nothing was erased: this applicant is the client {client}. Erase the client first, on its page (that removes its footage too), then the applicant.",
      erasePersonFirst:
        "Nothing was erased: this address is one of the people of the client {client}. Remove them there (or erase that client) first, then the applicant.",
      assign: "Owner saved.",
      unassign: "Nobody owns it now.",
      take: "It is yours now.",
      reply: "Reply sent: it is on its way to the applicant.",
      /** Send and next: said on the next application's page. */
      replyNext: "Reply sent. This is the next application in your view.",
      /** The same draft posted again (a second click, a re-sent form): nothing more was sent. */
      alreadySent: "Already sent: this reply went out once and is not sent again.",
      read: "Marked as read.",
      /** Someone changed the owner first: nothing was changed ({owner}: who has it now). */
      ownerChanged: "{owner} has it: the owner changed before you pressed. Nothing was changed.",
      ownerChangedToNobody:
        "Nobody has it now: the owner changed before you pressed. Nothing was changed.",
      confirmSender: "Confirmed: it is a new reply from the applicant.",
      toUnmatched: "Moved to Unmatched: attach it to its application or delete it there.",
      senderGone:
        "That email is no longer waiting for a confirmation: confirmed or moved meanwhile.",
      invalidOwner: "Please choose a member of the team.",
      notFound: "This application no longer exists.",
      invalidStatus: "Please choose a status.",
      noteEmpty: "Please write a note first.",
      noteTooLong: "Notes are at most 1,000 characters.",
      invalid: "That did not work. Please try again.",
    },
  },
  response: {
    title: "Response",
    intro: "How the promise to answer every applicant within {hours} hours is kept.",
    lastDays: "Last {days} days",
    applications: "Applications",
    inTime: "Answered in time",
    /** Received, their clock still running: neither kept nor missed (outside the rate). */
    notDueYet: "Not due yet",
    median: "Median first response",
    p90: "90th percentile",
    overdueNow: "Overdue now",
    none: "—",
    membersTitle: "Per member, last {days} days",
    memberColumns: {
      member: "Member",
      applications: "Applications",
      inTime: "In time",
      median: "Median",
      overdue: "Overdue",
    },
    chartTitle: "Applications per day, last {days} days",
    chartYLabel: "Applications per day",
    chartXLabel: "Day received (UTC)",
    chartEmpty: "No applications yet:",
    shareSite: "share your site",
    chartLegend: { inTime: "Answered in time", late: "Late or overdue", open: "Still open" },
    chartLabel: "{day}: {applications} applications, {inTime} answered in time, {late} late",
    chartSummary:
      "{title}: {applications} applications, {inTime} answered in time, {late} late or overdue, {open} still open; at most {max} in one day.",
    /** Of the applications due or answered: "3 of 7 (43 %)". */
    inTimeValue: "{count} of {due} ({percent} %)",
  },
  /** /team/unmatched: replies that matched no application. */
  unmatched: {
    title: "Unmatched replies",
    intro:
      "Emails that came back to the reply address but matched no application (a changed address, a forwarded reply, or a stranger's mail). Attach each to its application, or delete it.",
    empty: "Nothing here: every reply found its application.",
    from: "From",
    to: "To",
    received: "Received",
    noSubject: "(no subject)",
    attachmentsLabel: "Attachments",
    sizes: { bytes: "{n} B", kilobytes: "{n} KB", megabytes: "{n} MB" },
    fullText: "Show the whole text",
    applicationLabel: "Application",
    applicationHint:
      "The applicant's name or email (part of either), or the application's id or page address.",
    applicationPlaceholder: "Maya, or maya@example.com",
    attach: "Attach to application",
    /** Above the applications a typed name or email matched: each a button that attaches. */
    choicesTitle: "Applications matching “{text}”: choose one",
    /** Under the applicant's name in a choice. */
    choice: "{email} · {plan} · received {date}",
    choiceSpam: "spam",
    /** More than the page lists: typing more of the name or the email narrows them. */
    choicesMore: "Showing the newest {count}: type more of the name or email to narrow them.",
    delete: "Delete",
    deleteHint: "Deletes the email and its attachments from this server.",
    /** A page shows 20; older ones are a link away. */
    count: "{count} unmatched in all; {shown} on this page.",
    older: "Older emails",
    newest: "Back to the newest",
    done: {
      attachReply: "Attached: it is in the application's thread now.",
      deleteUnmatched: "Deleted.",
      gone: "That email is no longer unmatched: attached or deleted meanwhile.",
      invalidApplication:
        "Please type the applicant's name or email, or paste an application's id or the address of its page.",
      shortSearch: "Please type at least {min} characters of the applicant's name or email.",
      longSearch: "Please type at most {max} characters.",
      noMatch: "No application matches “{text}”: check the spelling, or search the inbox.",
      noSuchApplication: "No application has that id: it may have been erased.",
      invalid: "That did not work. Please try again.",
    },
  },
  /** A /team/… address no page has: answered 404 inside the team's shell. */
  pageNotFound: {
    title: "Page not found",
    body: "There is no team page at this address.",
    back: "Back to the inbox",
  },
  /** The exports (the team's and the CLI's). */
  export: {
    /** Stands in the file for a row that could not be written (the log says why). */
    rowFailed: "not exported: this row could not be written (the server's log has why)",
  },
  /** A long email, as a page shows it: cut, the whole a download away. */
  wholeMessage: {
    cut: "This email is longer than shown here.",
    download: "Download the whole email (.eml)",
    moreAttachments: "…and {count} more attachments, in the whole email.",
  },
  notFound: {
    title: "Application not found",
    body: "It may have been erased, or the address is wrong.",
    back: "Back to the inbox",
  },
  /** /team/settings: the member's own profile, and (admins) the team's members. */
  settings: {
    title: "Settings",
    intro: "How you appear to applicants and to the team, and who is on the team.",
    profileTitle: "Your profile",
    nameLabel: "Display name",
    nameHint: "Applicants see it in the From of your replies: “{example}”.",
    signatureLabel: "Signature",
    signatureHint: "Ends your replies' templates. Empty: your name and {brand}.",
    timeZoneLabel: "Time zone",
    timeZoneHint: "The team's pages show times in it.",
    saveProfile: "Save profile",
    membersTitle: "Members",
    membersIntro: "Everyone who can sign in to the team's side. Admins add and remove members.",
    membersReadOnly: "Only admins can add or remove members. Ask one of them.",
    columns: { name: "Name", email: "Email", role: "Role", availability: "Availability" },
    admin: "Admin",
    member: "Member",
    you: "(you)",
    away: "Away",
    available: "Available",
    makeAdmin: "Make admin",
    removeAdmin: "Remove admin",
    remove: "Remove",
    removeLabel: "Remove {name}",
    addTitle: "Add a member",
    emailLabel: "Email",
    newNameLabel: "Name",
    newNameHint: "Optional: the part before @ if empty.",
    adminLabel: "Admin (may add and remove members)",
    add: "Add member",
    done: {
      profile: "Profile saved.",
      added: "Member added: they can sign in at /team/sign-in.",
      removed: "Member removed, and signed out everywhere.",
      role: "Role changed.",
    },
    errors: {
      forbidden: "Only admins can manage members.",
      invalid: "Please check the fields below.",
      exists: "That address is already a member.",
      not_found: "That member is no longer on the team.",
      last_admin: "The team needs at least one admin: make someone else admin first.",
      self: "You cannot remove yourself here: ask another admin, or use the command line.",
    },
    fieldErrors: {
      required: "Please fill this in.",
      tooLong: "Please keep it to {max} characters.",
      characters: "Please remove invisible control or formatting characters.",
      unknownZone: "Please choose a time zone from the list.",
      email: "Please enter a valid email.",
    },
  },
  seo: {
    signIn: `Sign in | ${brand.name} team`,
    link: `Sign in | ${brand.name} team`,
    inbox: `Inbox | ${brand.name} team`,
    response: `Response | ${brand.name} team`,
    settings: `Settings | ${brand.name} team`,
    insights: `Insights | ${brand.name} team`,
    unmatched: `Unmatched | ${brand.name} team`,
    application: `{name} | ${brand.name} team`,
    notFound: `Not found | ${brand.name} team`,
  },
} as const;
