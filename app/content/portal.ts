/**
 * The client portal: the client's pages on /portal, the emails that sign them in, and the
 * team's pages about clients (/team/clients). `{placeholders}` are filled by the routes and the
 * server (`fill`, in app/shared/text.ts). The plans' numbers are in plans.ts.
 */
import { brand } from "./brand.ts";

export const portal = {
  /** The client's side. */
  client: {
    shellLabel: `${brand.name} client portal`,
    signIn: {
      title: "Sign in to your client space",
      intro: "Enter the address your invitation went to. We will email you a link to sign in.",
      emailLabel: "Email",
      submit: "Email me a link",
      sending: "Sending…",
      invalidEmail: "Please enter a valid email address",
      rateLimited: "Too many links asked for. Please try again in {minutes} minutes.",
      sentTitle: "Check your email",
      sentBody:
        "If {email} belongs to a client space, a sign-in link is on its way. It works once, within 15 minutes.",
      another: "Use another address",
      signedOut: "You are signed out.",
    },
    link: {
      title: "Sign in to your client space",
      intro: "Signing in as {email}.",
      button: "Sign in",
      expiredTitle: "This link has expired",
      expiredBody: "Sign-in links work for a short time only. Ask for a new one.",
      usedTitle: "This link has been used",
      usedBody: "Each sign-in link works once. Ask for a new one.",
      newLink: "Email me a new link",
    },
    home: {
      title: "{client}",
      signedInAs: "Signed in as {email}",
      signOut: "Sign out",
      plan: "{plan} plan: {videos} videos a week",
      weekCount: "This week: {count} of {videos} videos requested",
      requestsTitle: "Your requests",
      none: "No requests yet. Tell us about your first video below.",
      startsThisWeek: "Starts this week",
      startsNextWeek: "Starts next week",
      startsLater: "Starts the week of {date}",
      wished: "Wished posting date: {date}",
      addFootage: "Add footage",
      /** What a request's footage is, under it in the list. */
      footageSummary: {
        one: "1 file",
        many: "{count} files",
        over: "{count} over your plan's {cap} min per video",
        preparing: "{count} being prepared",
      },
    },
    /** The request's finished files as the client sees them (poster, preview, what each is). */
    footage: {
      previewsOff:
        "Previews are off on our server for now: your files are safe with us and our editors can open them.",
      preparing: "Being prepared: its preview will be here in a few minutes.",
      unreadable:
        "We could not make a preview of this file. It is kept as you sent it, and our editors will look at it.",
      over: "{minutes} min: longer than your plan's {cap} min of raw footage per video. We keep it all and will tell you which part we use.",
      size: "{width} × {height}",
      rate: "{fps} fps",
      noSound: "no sound",
      kinds: { video: "Video", audio: "Audio", image: "Picture" },
      poster: "Poster of {name}",
      preview: "Preview of {name}",
    },
    /** A request's page: its footage, and adding more (/portal/requests/:id). */
    request: {
      back: "Your requests",
      footageTitle: "Footage",
      noFootage: "No footage yet. Add the clips for this video below.",
      unnamed: "Unnamed file",
      done: "{size}, added {date} UTC",
      partial: "{size}, paused at {percent} %",
      addTitle: "Add footage",
      addIntro:
        "Videos, audio and photos for this request, as many as you like. Big files are fine: an upload that stops picks up where it stopped.",
      needsJavaScript:
        "Adding footage needs JavaScript. Large files are sent in pieces that pick up where they stopped after a dropped connection or a closed tab, which a plain form cannot do. Turn JavaScript on for this site to add footage.",
      choose: "Choose files",
      drop: "or drop them here",
      dropActive: "Drop the files to add them",
      notMedia: "{name} is not a video, audio or image file, so it was not added.",
      unfinishedTitle: "Not finished on this device",
      unfinished: "{name} stopped at {percent} %. Choose the same file again to go on from there.",
      unfinishedUnknown:
        "{name} did not finish. Choose the same file again to go on from where it stopped.",
      file: {
        waiting: "Starting…",
        resuming: "Picked up where it stopped, at {percent} %",
        progress: "{percent} % · {speed} · {left} left",
        progressNoSpeed: "{percent} % sent",
        paused: "Paused at {percent} %",
        done: "Done: {size} received.",
        pause: "Pause",
        resume: "Resume",
        retrying: "Connection lost. Trying again…",
      },
      refused: {
        overQuota:
          "{name} is too big for the storage left in your space, so it was not sent. Ask us for more room, or remove footage you no longer need.",
        requestGone: "This request is no longer there, so {name} was not sent. Reload the page.",
        signedOut:
          "You have been signed out, so {name} stopped. Sign in again, then add it again: it goes on from where it stopped.",
        tooManyOpen:
          "{name} was not started: too many uploads are unfinished in your space. Finish or remove some, then add it again.",
        refused: "{name} was refused by our server. Reload the page and try again.",
        connection:
          "{name} stopped: the connection dropped and did not come back. Press Resume to go on from {percent} %.",
      },
      units: { b: "{n} B", kb: "{n} KB", mb: "{n} MB", gb: "{n} GB" },
      speed: "{amount}/s",
      time: { seconds: "{n} s", minutes: "{n} min", hours: "{h} h {m} min" },
      notFound: {
        title: "This request is not here",
        body: "It may belong to another client space, or the link is wrong.",
        back: "Your requests",
      },
    },
    newRequest: {
      title: "Request a video",
      titleLabel: "Title",
      titleHint: "A few words you will recognise it by",
      briefLabel: "What you want",
      briefHint: "The idea, the hook, the look, anything we should know",
      platformLabel: "Platform",
      platformPlaceholder: "Choose a platform",
      wishedDateLabel: "Wished posting date",
      submit: "Send the request",
      sending: "Sending…",
      created: "Request received: {title}.",
      createdNextWeek:
        "Request received: {title}. This week's videos are all taken, so it starts next week.",
      createdLater:
        "Request received: {title}. The coming weeks are full, so it starts the week of {date}.",
      errors: {
        title: "Please give the request a title (up to 120 characters)",
        brief: "Please describe what you want (10 to 5,000 characters)",
        platform: "Please choose a platform",
        wishedDate: "Please choose a date from today on",
      },
    },
    platforms: ["TikTok", "Instagram Reels", "YouTube Shorts", "Other"],
  },
  /** The emails that sign a client's person in (the invite, and a link they asked for). */
  emails: {
    invite: {
      subject: `Your ${brand.name} client space is ready`,
      heading: `Welcome to ${brand.name}`,
      body: `Your client space is ready: request your videos there. Use the link below to sign in. It works once, within 48 hours; after that, ask for a new link on the sign-in page.`,
      button: "Open my client space",
      ignore:
        "If you did not expect this email, you can ignore it: nothing happens without the link.",
    },
    signIn: {
      subject: `Sign in to your ${brand.name} client space`,
      heading: "Sign in to your client space",
      body: "Use the link below to sign in. It works once, within 15 minutes.",
      button: "Sign in",
      ignore:
        "If you did not ask to sign in, you can ignore this email: nothing happens without the link.",
    },
  },
  /** The team's pages about clients. */
  team: {
    /** The tabs of the team's client pages: the list, the cuts owed, the posting schedule. */
    sections: {
      label: "Client pages",
      clients: "Clients",
      cuts: "Cuts due",
      schedule: "Posting schedule",
    },
    invite: {
      title: "Client portal",
      intro: "Onboarded: invite them to their client space, where they request their videos.",
      button: "Invite to the portal",
      invited: "Invited: the sign-in email is on its way to {email}.",
      already: "Already a client.",
      open: "Open the client",
      notOnboarded: "Only an application marked Onboarded can be invited.",
      addressTaken: "Its address already belongs to another client.",
      notFound: "This application no longer exists.",
    },
    list: {
      title: "Clients",
      none: "No clients yet. Invite an Onboarded application from its page.",
      erased: "The client was erased, with their footage.",
      columns: { name: "Client", plan: "Plan", week: "Requests this week", people: "People" },
      week: "{count} of {videos}",
    },
    client: {
      back: "All clients",
      plan: "{plan} plan: {videos} videos a week",
      peopleTitle: "People",
      addLabel: "Add a person by address",
      add: "Add",
      added: "{email} was added and emailed an invite to sign in.",
      remove: "Remove",
      removed: "{email} was removed; their sessions have ended.",
      lastPerson: "A client keeps at least one person.",
      invalidEmail: "Please enter a valid email address",
      addressTaken: "{email} already belongs to a client.",
      requestsTitle: "Requests",
      noRequests: "No requests yet.",
      application: "The application",
      eraseTitle: "Erase the client",
      erase: "Erase client",
      eraseHint:
        "Deletes {name} and everything of theirs: their people and sessions, requests, and all their footage with its posters and previews. Uploads in progress stop. This cannot be undone.",
      eraseConfirm: "Yes, erase this client and their footage",
      eraseUnconfirmed: "Nothing was erased: press Erase client, then confirm.",
    },
    /** The client's uploads on their page (decision 0084). */
    footage: {
      title: "Footage",
      /** The team's page of one request: what the client sent for it. */
      requestTitle: "The client's footage",
      none: "No footage yet.",
      unnamed: "Unnamed file",
      forRequest: "For “{title}”",
      previewsOff:
        "Previews are off: this server has no ffmpeg. Uploads are kept and can be downloaded.",
      uploaded: "{size}, uploaded {date}",
      waiting: "Not read yet",
      unreadable: "Unreadable: {reason}",
      size: "{width} × {height}",
      rate: "{fps} fps",
      noSound: "no sound",
      kinds: { video: "Video", audio: "Audio", image: "Picture" },
      over: "{minutes} min: over the plan's {cap} min per video",
      download: "Download original",
      downloadLabel: "Download original, uploaded {date}",
      poster: "Poster of the footage uploaded {date}",
      preview: "Preview of the footage uploaded {date}",
    },
  },
  /**
   * The owner told of finished footage (decision 0087): by email and on each chat channel, one
   * notice per batch (a request's files within PORTAL_FOOTAGE_NOTICE_WINDOW_MS). Names only as
   * the client's device gave them, never a path.
   */
  footageNotice: {
    title: "New footage",
    subjectOne: "New footage from {client}: {name}",
    subjectMany: "New footage from {client}: {count} files",
    summaryOne: "A client sent a new file of footage.",
    summaryMany: "A client sent {count} new files of footage.",
    clientLabel: "Client",
    requestLabel: "Request",
    filesLabel: "Files",
    file: "{name} ({length})",
    fileOver: "{name} ({length}; {minutes} min: over the plan's {cap} min per video)",
    unknownLength: "length not read",
    unnamed: "Unnamed file",
    more: "and {count} more",
    link: "Open the request",
  },
  /**
   * The plan's clock (decision 0093): the client's "footage complete", the team's "Cuts due"
   * view and pauses, and the editor's reminder and the team's missed alert by email.
   */
  clock: {
    footageComplete: "My footage is complete",
    footageCompleteHint:
      "Press when every file for this video is here: the plan's turnaround starts then.",
    footageCompleteDone: "Footage complete since {date}. Your next cut is due by {due}.",
    footageCompleteMarked: "Thank you: the team starts on your cut.",
    footageCompleteUnknown: "That request is not yours or is no longer there.",
    footageCompleteDelivered:
      "Your first cut is already here, so there is no clock to start: review it under Cuts.",
    cutsTitle: "Cuts due",
    cutsIntro:
      "Every cut owed to a client, soonest due first. The clock stops while the team waits on the client.",
    cutsEmpty: "No cut is owed right now.",
    columns: {
      client: "Client",
      request: "Request",
      turn: "Cut",
      editor: "Editor",
      due: "Due",
      left: "Time left",
      state: "State",
    },
    firstCut: "First cut",
    revision: "Revision of v{number}",
    noEditor: "Nobody",
    running: "Running",
    paused: "Waiting on the client",
    overdue: "Overdue",
    left: "{time} left",
    late: "{time} overdue",
    pausedLeft: "{time} left (stopped)",
    pause: "Waiting on the client",
    resume: "Back to work",
    markComplete: "Mark footage complete",
    editorLabel: "Editor",
    editorSave: "Change editor",
    done: "Saved.",
    unknown: "That request is no longer there.",
    cutCameFirst:
      "Its first cut was sent before its footage was marked: there is no clock to start.",
    dueCounts: "{due} due, {overdue} overdue",
    dueColumn: "Cuts",
    figuresTitle: "Cuts on the plan's clock",
    figuresIntro:
      "Only cuts delivered or past due count: a cut still within its turnaround is neither on time nor late yet.",
    onTimeLabel: "On time by the plan's turnaround",
    claimLabel: "Within the {hours} h the site claims",
    rateValue: "{count} of {counted} ({percent} %)",
    notYetDue: "{count} not yet due (left out)",
    none: "—",
    reminderSubject: "Cut due soon for {client}: {title}",
    missedSubject: "Cut overdue for {client}: {title}",
    reminderSummary: "Your {turn} for {client} is due {due}.",
    missedSummary: "The {turn} for {client} was due {due} and is not delivered.",
    /** On a chat channel: our words only in the heading and preview (the client's in the facts). */
    reminderTitle: "Cut due soon",
    missedTitle: "Cut overdue",
    reminderPreview: "A cut is due soon.",
    missedPreview: "A cut is overdue.",
    turnFact: "Cut",
    editorFact: "Editor",
    dueFact: "Due",
    link: "Open Cuts due",
  },
  seo: {
    signIn: `Sign in | ${brand.name} client portal`,
    home: `Your space | ${brand.name} client portal`,
    request: `{title} | ${brand.name} client portal`,
    clients: `Clients | ${brand.name} team`,
    client: `{name} | ${brand.name} team`,
    cuts: `Cuts due | ${brand.name} team`,
  },
} as const;
