/**
 * All copy and data of the site. Rebranding means editing this file (and nothing else).
 * Plan facts, prices and the names of things are the product's (docs/product.md) and exact.
 * The server imports this file too (plan names, contact address): keep it plain data.
 */

export type IconName =
  | "clapperboard"
  | "captions"
  | "hash"
  | "calendar"
  | "zap"
  | "shield"
  | "package"
  | "upload"
  | "scissors"
  | "trending";

export interface Plan {
  name: "Creator" | "Influencer" | "Enterprise";
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
  cta: string;
  footnote?: string;
}

export interface Creator {
  id: string;
  niche: string;
  handle: string;
  caption: string;
  /** Text alternative of the illustration. */
  alt: string;
  /** Two colours of the reel's background gradient. */
  colors: readonly [string, string];
}

/** The brand: its name is written here once; titles, subjects and the signature derive from it. */
const brand = {
  name: "Reelsmith",
  tagline: "Done-for-you short-form video editing",
  description:
    "Send us your raw footage. We return scroll-stopping short-form videos with captions, hashtags and a posting schedule, ready for TikTok, Reels, Shorts and LinkedIn.",
} as const;

export const site = {
  brand,
  contact: {
    email: "hello@reelsmith.example",
    subject: `Question about ${brand.name} plans`,
  },
  responseHours: 24,
  nav: [
    { label: "Services", href: "#services" },
    { label: "Process", href: "#process" },
    { label: "Pricing", href: "#pricing" },
  ],
  header: { cta: "Get Started", menuLabel: "Menu" },
  hero: {
    eyebrow: "Done-for-you short-form video",
    headline: "Elevate your personal brand with videos people finish watching",
    /** The words of the headline drawn in the brand gradient. */
    headlineAccent: "personal brand",
    body: "Send us your raw footage. Our editors return polished short-form videos with captions, hashtags and a posting schedule, so you can stay on camera and off the timeline.",
    primaryCta: "View Our Packages",
    secondaryCta: "See how it works",
  },
  /** The six claims of the service (docs/product.md), shown in the hero. */
  claims: [
    { value: "24–48h", label: "delivery" },
    { value: "Secure", label: "client portal" },
    { value: "Hundreds", label: "of creators served" },
    { value: "300%", label: "average growth" },
    { value: "24h", label: "setup" },
    { value: "Cinema-grade", label: "editing" },
  ],
  services: {
    eyebrow: "Services",
    title: "Everything a short-form video needs, done for you",
    intro:
      "One team handles the edit, the words on screen and the plan for where it goes. You film; we do the rest.",
    items: [
      {
        icon: "clapperboard",
        title: "Cinema-grade editing",
        body: "Tight pacing, colour, sound design and motion graphics that hold attention past the first second.",
      },
      {
        icon: "captions",
        title: "Captions and subtitles",
        body: "Accurate, on-brand captions burned in for everyone who watches with the sound off.",
      },
      {
        icon: "hash",
        title: "Hashtags and trends",
        body: "Hashtags and trending audio researched for your niche and attached to every video.",
      },
      {
        icon: "calendar",
        title: "Posting schedule",
        body: "A content calendar that says what goes out, on which platform, and when.",
      },
      {
        icon: "zap",
        title: "24–48 hour delivery",
        body: "Upload today, publish tomorrow. Most edits are back within 24 to 48 hours.",
      },
      {
        icon: "shield",
        title: "Secure client portal",
        body: "Upload footage, review cuts and request changes in one private place.",
      },
    ] satisfies readonly { icon: IconName; title: string; body: string }[],
  },
  creators: {
    eyebrow: "Everyday creators",
    title: "Made for people who film their real lives",
    intro:
      "Chefs, coaches, founders and travellers: if you can film it on your phone, we can make it shine.",
    bandLabel: "Reels by everyday creators",
    items: [
      {
        id: "cooking",
        alt: "Illustrated home cook filming a recipe reel",
        niche: "Cooking",
        handle: "@mayacooks",
        caption: "5-minute pasta, no excuses",
        colors: ["#fb923c", "#e11d48"],
      },
      {
        id: "fitness",
        alt: "Illustrated fitness coach filming a workout reel",
        niche: "Fitness",
        handle: "@liftwithdre",
        caption: "Leg day in 4 moves",
        colors: ["#22d3ee", "#2563eb"],
      },
      {
        id: "coaching",
        alt: "Illustrated life coach talking to camera",
        niche: "Coaching",
        handle: "@coachamara",
        caption: "The one habit that changed my year",
        colors: ["#a78bfa", "#7c3aed"],
      },
      {
        id: "travel",
        alt: "Illustrated traveller filming a city guide",
        niche: "Travel",
        handle: "@jonnyroams",
        caption: "Lisbon on €40 a day",
        colors: ["#34d399", "#0d9488"],
      },
      {
        id: "beauty",
        alt: "Illustrated beauty creator filming a skincare routine",
        niche: "Beauty",
        handle: "@glowbyrina",
        caption: "Glass skin, 3 products",
        colors: ["#f472b6", "#c026d3"],
      },
      {
        id: "tech",
        alt: "Illustrated tech reviewer filming a laptop review",
        niche: "Tech",
        handle: "@kaireviews",
        caption: "Is this laptop worth it?",
        colors: ["#94a3b8", "#334155"],
      },
      {
        id: "business",
        alt: "Illustrated florist filming behind the scenes of her shop",
        niche: "Small business",
        handle: "@bloomflowers",
        caption: "Packing 200 orders before noon",
        colors: ["#facc15", "#ea580c"],
      },
    ] satisfies readonly Creator[],
  },
  process: {
    eyebrow: "Process",
    title: "How it works",
    intro: "From sign-up to your first finished video in four steps.",
    steps: [
      {
        icon: "package",
        title: "Choose your plan",
        body: "Pick the package that fits how often you want to post. Month to month, no contracts.",
      },
      {
        icon: "upload",
        title: "Share your footage",
        body: "Answer a short questionnaire, then upload raw clips to your secure client portal.",
      },
      {
        icon: "scissors",
        title: "We edit and plan",
        body: "Your editor cuts, captions and packages every video with hashtags and a posting plan.",
      },
      {
        icon: "trending",
        title: "Post and grow",
        body: "Ready-to-post videos arrive on schedule. You publish, and watch your audience grow.",
      },
    ] satisfies readonly { icon: IconName; title: string; body: string }[],
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Simple monthly plans",
    intro:
      "Every plan includes editing, captions and hashtag strategy. Change or cancel any month.",
    popularLabel: "Most Popular",
    contactPrompt: "Need something custom for your team or agency?",
    contactCta: "Contact Our Team",
    plans: [
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
      },
    ] satisfies readonly Plan[],
  },
  closing: {
    title: "Ready to turn your footage into growth?",
    body: "Tell us about your brand in five minutes. We set you up within 24 hours.",
    cta: "Get Started Today",
  },
  footer: {
    note: "Done-for-you short-form video editing for creators, influencers, businesses and agencies.",
    navLabel: "Footer",
    rights: "All rights reserved.",
  },
  onboarding: {
    title: "Welcome to Your Growth Journey!",
    selectedPlanLabel: "Selected Plan:",
    back: "Back to Plans",
    cardTitle: "Let's Get to Know You",
    cardIntro: "Ten quick questions so your editor can start on day one.",
    submit: "Start My Growth Journey",
    submitting: "Processing...",
    footnote: "Our team will review your application and reach out within 24 hours.",
    draftSaved: "Draft saved on this device",
    /** The hidden field only bots fill in (the honeypot). */
    honeypotLabel: "Leave this field empty",
    /** Shown at the top of the form when the server answers the no-JavaScript submission. */
    errors: {
      invalid: "Please check the fields marked below.",
      rateLimited:
        "Too many submissions from your network. Please wait a few minutes and try again.",
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
    /** The questionnaire's sections, in order; labels and hints as the form shows them. */
    sections: [
      {
        title: "Personal Information",
        fields: [
          { name: "name", label: "Full Name", placeholder: "e.g. Maya Lopez" },
          { name: "email", label: "Email Address", placeholder: "you@example.com" },
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
          },
          { name: "accountType", label: "Account Type", placeholder: "Select your account type" },
        ],
      },
      {
        title: "Platform & Audience",
        fields: [
          {
            name: "primaryPlatform",
            label: "Primary Platform",
            placeholder: "Select your primary platform",
          },
          {
            name: "audienceSize",
            label: "Current Audience Size",
            placeholder: "Select your audience size",
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
          },
          {
            name: "goals",
            label: "Your Goals",
            placeholder: "What do you want your content to achieve in the next three months?",
          },
          {
            name: "currentChallenges",
            label: "Current Challenges",
            placeholder: "What is holding your content back right now?",
          },
          {
            name: "brandStyle",
            label: "Brand Style & Preferences (Optional)",
            placeholder: "Colours, fonts, creators you admire, things to avoid…",
          },
        ],
      },
    ],
    /** Label of the selected plan in emails and exports. */
    planLabel: "Selected Plan",
  },
  thankYou: {
    title: "Thank You!",
    received: "Your submission has been received",
    body: "Our team will reach out within 24 hours. Keep an eye on your inbox for next steps.",
    back: "Return to Home",
  },
  /** The emails the intake service sends; {placeholders} are filled in by the server. */
  emails: {
    team: {
      subject: "New application: {name} — {plan} plan",
      heading: "New application",
      intro:
        "A new application arrived through the onboarding questionnaire. Reply to reach {name}.",
      receivedLabel: "Received",
      idLabel: "Submission",
      notProvided: "(not provided)",
    },
    confirmation: {
      subject: `Thanks for applying to ${brand.name} — {plan} plan`,
      heading: "Thank you, {name}!",
      received: "We have received your application for the {plan} plan.",
      next: "Our team is reviewing your answers, and we'll reach out within 24 hours with your next steps.",
      contact: "Questions in the meantime? Write to us at {email}.",
      signature: `The ${brand.name} team`,
    },
  },
  /** Chat messages (Slack, Discord, Teams) and the alerts of deliveries that failed for good. */
  notifications: {
    application: {
      title: "New application",
      summary: "New application: {plan} plan, {platform}, {audience}",
      inboxLink: "Open in the team inbox",
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
  },
  toasts: {
    success: { title: "Success!", description: "Your submission has been received." },
    fallback: { title: "Submitted", description: "We'll be in touch soon!" },
  },
  /** The team's side (/team): sign-in, the inbox, one application. {brand} is the brand name. */
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
  } as Record<string, { label: string; noun: string }>,
  team: {
    label: "Team",
    nav: {
      label: "Team",
      inbox: "Inbox",
      signedInAs: "Signed in as",
      signOut: "Sign out",
      addPasskey: "Add a passkey",
      addingPasskey: "Waiting for your passkey…",
      passkeyAdded: "Passkey added. Next time, sign in with it.",
      passkeyFailed: "The passkey was not added. Please try again.",
      passkeyStale: "For your security, sign in again with a link before adding a passkey.",
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
      title: "Sign in to {brand}",
      intro: "You are signing in as {email}.",
      button: "Sign in",
      expiredTitle: "This sign-in link has expired",
      expiredBody: "Sign-in links work for 15 minutes. Ask for a new one below.",
      usedTitle: "This sign-in link has already been used",
      usedBody: "Each sign-in link works once. Ask for a new one below.",
      newLink: "Send a new link",
    },
    email: {
      subject: "Sign in to {brand}",
      heading: "Sign in to {brand}",
      body: "Use the link below to sign in to the {brand} team inbox. It works once, within 15 minutes.",
      button: "Sign in",
      ignore:
        "If you did not ask to sign in, you can ignore this email: nothing happens without the link.",
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
      failedOnly: "Only failed deliveries",
      columns: {
        name: "Name",
        plan: "Plan",
        platform: "Platform",
        audience: "Audience",
        status: "Status",
        age: "Received",
      },
      spamBadge: "Spam",
      empty: "No applications match these filters.",
      newest: "Newest",
      older: "Older",
      exportCsv: "Export CSV",
      exportJson: "Export JSON",
      failedBanner:
        "{count} {applications} with a delivery that failed for good: the team or the applicant was not told.",
      failedLink: "Show them",
      application: "application",
      applications: "applications",
    },
    application: {
      back: "Back to the inbox",
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
      eraseCancel: "Cancel",
      erasedToast: "The applicant was erased.",
      auditTitle: "Audit log",
      noAudit: "Nothing done yet.",
      auditActions: {
        status: "set the status to {detail}",
        note: "added a note",
        spam: "marked it as spam",
        "not-spam": "marked it as not spam",
        retry: "retried {detail} failed deliveries",
        erase: "erased the applicant",
      },
      done: {
        status: "Status saved.",
        note: "Note added.",
        spam: "Marked as spam.",
        notSpam: "Marked as not spam: its emails are on their way.",
        retry: "The failed deliveries are being sent again.",
        nothingToRetry: "No failed deliveries to retry.",
        erase: "The applicant was erased.",
        notFound: "This application no longer exists.",
        invalidStatus: "Please choose a status.",
        noteEmpty: "Please write a note first.",
        noteTooLong: "Notes are at most 1,000 characters.",
        invalid: "That did not work. Please try again.",
      },
    },
    notFound: {
      title: "Application not found",
      body: "It may have been erased, or the address is wrong.",
      back: "Back to the inbox",
    },
    seo: {
      signIn: "Sign in | {brand} team",
      link: "Sign in | {brand} team",
      inbox: "Inbox | {brand} team",
      application: "{name} | {brand} team",
      notFound: "Not found | {brand} team",
    },
  },
  notFound: { title: "Oops! Page not found", back: "Return to Home" },
  error: { title: "Unexpected Application Error", back: "Return to Home" },
  seo: {
    home: {
      title: `${brand.name} | ${brand.tagline}`,
      description:
        "Send raw footage, get back edited short-form videos with captions, hashtags and a posting schedule. Plans from $99/month, delivered in 24–48 hours.",
    },
    onboarding: {
      title: `Start your onboarding | ${brand.name}`,
      description: "Tell us about your brand. Our team reaches out within 24 hours.",
    },
    thankYou: {
      title: `Thank you | ${brand.name}`,
      description: "Your application has been received. We'll reach out within 24 hours.",
    },
    notFound: { title: `Page not found | ${brand.name}`, description: "This page does not exist." },
  },
} as const;

export type PlanName = Plan["name"];
export const planNames = site.pricing.plans.map((plan) => plan.name) as readonly PlanName[];
export const defaultPlan: PlanName = "Creator";
