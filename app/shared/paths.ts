/**
 * Every path that more than one file names: the pages (app/routes.ts mounts them, the build
 * prerenders some, the sitemap lists some, links point at them) and the intake endpoint (the
 * browser posts to it, the server mounts it).
 */
export const paths = {
  home: "/",
  onboarding: "/onboarding",
  thankYou: "/thank-you",
} as const;

/** The questionnaire with `plan` chosen (`/onboarding?plan=Creator`). */
export function onboardingPath(plan: string): string {
  return `${paths.onboarding}?plan=${encodeURIComponent(plan)}`;
}

/**
 * Where /onboarding tells the server what it cannot see: a prerendered page actually shown,
 * a question started (its name only). Same origin, a small JSON body.
 */
export const beaconPath = "/beacon";

/** The intake endpoint: the questionnaire's JSON goes here (under PUBLIC_API_BASE, if set). */
export const intakePath = "/functions/v1/send-onboarding-email";

/**
 * The team's side: its pages (app/routes.ts mounts them), the page an emailed sign-in link
 * opens (the server writes it into the email), and better-auth's endpoints (the server mounts
 * them, the passkey client calls them). The guard lets through sign-in and auth only.
 */
export const teamPaths = {
  inbox: "/team",
  signIn: "/team/sign-in",
  signInLink: "/team/sign-in/link",
  signOut: "/team/sign-out",
  export: "/team/export",
  response: "/team/response",
  insights: "/team/insights",
  insightsExport: "/team/insights/export",
  availability: "/team/availability",
  unmatched: "/team/unmatched",
  settings: "/team/settings",
  /** Raw messages posted by a mail provider (Bearer INBOUND_TOKEN, not a session). */
  inboundEmail: "/team/inbound-email",
  auth: "/team/auth",
} as const;

/** An attachment of a reply, downloaded by a member. */
export function attachmentPath(id: string): string {
  return `${teamPaths.inbox}/attachments/${encodeURIComponent(id)}`;
}

/** A message that came in, whole, as its raw .eml (members only; a download). */
export function rawMessagePath(id: string): string {
  return `${teamPaths.inbox}/messages/${encodeURIComponent(id)}/raw`;
}

/** One application's page in the team inbox (`/team/applications/:id`). */
export function applicationPath(id: string): string {
  return `${teamPaths.inbox}/applications/${encodeURIComponent(id)}`;
}

/**
 * The client portal (decision 0079): the client's pages, and the link its emails carry. A
 * client's session opens these only; the team opens a client from teamClientPath.
 */
export const portalPaths = {
  home: "/portal",
  signIn: "/portal/sign-in",
  signInLink: "/portal/sign-in/link",
  signOut: "/portal/sign-out",
  /** A request's page, where its footage is added (`/portal/requests/:id`). */
  request: "/portal/requests/:id",
  /** A poster or preview of one of the client's finished uploads (`/portal/footage/:upload/:file`). */
  footage: "/portal/footage/:upload/:file",
  /** The tus endpoint footage is uploaded to (from a request's page). */
  uploads: "/portal/uploads",
  /** The client's posting schedule, week and month (decision 0094). */
  schedule: "/portal/schedule",
  /** A client's iCal feed at its secret address (`/portal/feeds/<token>.ics`): no session. */
  feed: "/portal/feeds/:file",
} as const;

/** Where the feeds live: the portal's guard lets exactly these through without a session. */
export const portalFeedsPrefix = "/portal/feeds/";

/** A client's feed at its secret token (the token is the only key: never logged). */
export function portalFeedPath(token: string): string {
  return `${portalFeedsPrefix}${token}.ics`;
}

/** A path as logs may name it: a feed's token replaced (`/portal/feeds/[token].ics`). */
export function loggablePath(path: string): string {
  return path.startsWith(portalFeedsPrefix) ? `${portalFeedsPrefix}[token].ics` : path;
}

/** The client's schedule at a view and a day (`/portal/schedule?view=month&date=2026-12-01`). */
export function scheduleQuery(view: string, date: string, clientId?: string | null): string {
  const query = new URLSearchParams({ view, date });
  if (clientId) query.set("client", clientId);
  return `?${query}`;
}

/** One of the client's requests: its footage, and adding more. */
export function portalRequestPath(id: string): string {
  return `/portal/requests/${encodeURIComponent(id)}`;
}

/** The poster or preview of one of the signed-in client's uploads. */
export function portalFootagePath(uploadId: string, file: "poster" | "preview"): string {
  return `/portal/footage/${encodeURIComponent(uploadId)}/${file}`;
}

/** The team's "Cuts due" (decision 0093): every cut owed to a client, soonest due first. */
export const teamCutsPath = "/team/cuts";
/** The team's posting schedule: every client's posts, or one's (`?client=`). */
export const teamSchedulePath = "/team/schedule";

/** The team's page of a request's post (`/team/clients/:id/requests/:request/post`). */
export function teamPostPath(clientId: string, requestId: string): string {
  return `${teamClientPath(clientId)}/requests/${encodeURIComponent(requestId)}/post`;
}

/** The team's list of clients, and one client's page (`/team/clients/:id`). */
export const teamClientsPath = "/team/clients";
export function teamClientPath(id: string): string {
  return `${teamClientsPath}/${encodeURIComponent(id)}`;
}

/**
 * One file of a client's upload, for members (`original`: the bytes uploaded, a download;
 * `poster`, `preview`: what the job upload-media made of them).
 */
export function teamFootagePath(
  clientId: string,
  uploadId: string,
  file: "original" | "poster" | "preview",
): string {
  return `${teamClientPath(clientId)}/footage/${encodeURIComponent(uploadId)}/${file}`;
}

/** Where the application page's "Invite to the portal" posts (`/team/applications/:id/portal-invite`). */
export function portalInvitePath(applicationId: string): string {
  return `${applicationPath(applicationId)}/portal-invite`;
}

/** Cuts and their review (issue 39, decision 0091): the team's tus endpoint for cuts. */
export const teamCutUploadsPath = "/team/cut-uploads";

/** The team's page of one client's request: its versions, adding a cut. */
export function teamRequestPath(clientId: string, requestId: string): string {
  return `${teamClientPath(clientId)}/requests/${encodeURIComponent(requestId)}`;
}

/** The team's page of one version of a request's cut (`v1` is 1). */
export function teamVersionPath(clientId: string, requestId: string, version: number): string {
  return `${teamRequestPath(clientId, requestId)}/versions/${version}`;
}

/** A file of a version for members: original, poster, preview, markers.csv/.edl/.fcpxml. */
export function teamVersionFilePath(
  clientId: string,
  requestId: string,
  version: number,
  file: string,
): string {
  return `${teamVersionPath(clientId, requestId, version)}/${file}`;
}

/** The client's page of one version of a request's cut. */
export function portalVersionPath(requestId: string, version: number): string {
  return `${portalRequestPath(requestId)}/versions/${version}`;
}

/** The stable link to a request's latest version (what the cut-ready email carries). */
export function portalCutPath(requestId: string): string {
  return `${portalRequestPath(requestId)}/cut`;
}

/** A file of a version for the client: poster, preview, and the original once approved. */
export function portalVersionFilePath(requestId: string, version: number, file: string): string {
  return `${portalVersionPath(requestId, version)}/${file}`;
}
