import path from "node:path";
import { z } from "zod";
import { brand } from "#app/content/brand.ts";
import { service } from "#app/content/service.ts";
import { type NotifyDerived, notifyDerived, notifyVariables } from "./delivery/notify-config.ts";
import { webhookSecretProblem, webhookUrlProblem } from "./delivery/webhook-config.ts";
import { parseTrustProxy } from "./http/proxy-trust.ts";
import { mailDomain } from "./mail/mail-domain.ts";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

/** TRUST_PROXY: Express's `trust proxy` values (see server/http/proxy-trust.ts). */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `${(error as Error).message} (false, a hop count, or addresses/CIDRs and loopback, linklocal, uniquelocal, comma separated)`,
      });
      return z.NEVER;
    }
  });

/** Every environment variable the server reads, with the default that makes a fresh clone run. */
const mb = 1024 * 1024;
/** A limit of the inbound mail (a count, or bytes): a whole number, 0 for none. */
const limit = (value: number) => z.coerce.number().int().min(0).default(value);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default(`${brand.name} <${brand.addresses.noReply}>`),
  TEAM_EMAIL: z.email().default(brand.addresses.team),
  CONTACT_EMAIL: z.email().default(brand.addresses.contact),
  PUBLIC_SITE_URL: z.url().default("http://localhost:3000"),
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    ),
  /**
   * The key other sites send with their calls of the intake API (`apikey` or `Authorization:
   * Bearer`), as the hosted backend's client does; unset: no key asked. Public, not a secret:
   * it sits in those sites' pages (decision 0061). The site's own pages need none.
   */
  INTAKE_API_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(
      z
        .string()
        .min(16, "must be at least 16 characters")
        .regex(/^[\x21-\x7e]+$/, "must be visible ASCII characters, without spaces")
        .optional(),
    ),
  /** Where each application is POSTed (Standard Webhooks); https, or http to loopback only. */
  WEBHOOK_URL: optionalUrl.superRefine((value, context) => {
    const problem = value ? webhookUrlProblem(value) : undefined;
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
  /** The Standard Webhooks signing secret: `whsec_` and 24 to 64 random bytes in base64. */
  WEBHOOK_SECRET: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value ? webhookSecretProblem(value) : undefined;
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** Team sign-in links asked for per address, and per client IP, every 15 minutes. */
  TEAM_LINK_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  TEAM_LINK_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /** Client-portal sign-in links asked for per address, and per client IP, every 15 minutes. */
  PORTAL_LINK_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  PORTAL_LINK_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /** Bytes of footage a client may store (the portal's uploads; 50 GiB). */
  PORTAL_CLIENT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 3),
  /** Hours an upload may stay unfinished after its creation; then it is removed (quota freed). */
  PORTAL_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /** Unfinished uploads a client may have at once; a creation beyond is refused (429). */
  PORTAL_OPEN_UPLOADS_MAX: z.coerce.number().int().positive().default(50),
  /**
   * How long a request's finished files are gathered into one notice to the owner (ms; 0: each
   * run's); comments into one notice, and a post's edits into one email to the client, likewise.
   */
  PORTAL_FOOTAGE_NOTICE_WINDOW_MS: z.coerce.number().int().min(0).default(120_000),
  /** How long one hour of a plan's turnaround lasts (ms): an hour; a few ms in tests and drills. */
  PORTAL_TURNAROUND_MS_PER_HOUR: z.coerce.number().int().positive().default(3_600_000),
  /** How long before a cut is due its editor is reminded, in the plan's hours (0: no reminder). */
  PORTAL_CUT_REMINDER_BEFORE_HOURS: z.coerce.number().min(0).default(4),
  /** How often the job cut-clock looks for reminders and missed cuts (ms). */
  PORTAL_CLOCK_POLL_MS: z.coerce.number().int().positive().default(60_000),
  /** Calls to the passkey endpoints (/team/auth/*, which write) per client IP every 15 minutes. */
  TEAM_AUTH_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Key of the HMAC that turns client IPs into stored hashes; unset: made once, kept in the DB. */
  IP_HASH_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: trustProxy,
  /** Confirmations sent site-wide per clock hour at most (each address gets one per 24 h). */
  CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(0).default(100),
  /** Applications waiting for their commit at most; beyond, 503 and nothing stored. */
  INTAKE_QUEUE_MAX: z.coerce.number().int().positive().default(5000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Retry delays of failed deliveries, in seconds, comma separated (tests shorten them). */
  DELIVERY_RETRY_DELAYS: z
    .string()
    .default("30,120,600,3600,21600,86400")
    .transform((value) => value.split(",").map((s) => Number(s.trim())))
    .pipe(z.array(z.number().positive()).min(1)),
  /** PostgreSQL: how long a query may go unanswered before it fails (and the request gets 503). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DELIVERY_POLL_MS: z.coerce.number().int().positive().default(1000),
  DELIVERY_LEASE_MS: z.coerce.number().int().positive().default(120_000),
  BUILD_DIR: z.string().default("./build"),
  /**
   * Debian's ffmpeg: for `npm run build` (the work band's clips, scripts/work/ffmpeg.ts reads it
   * there) and for the portal's posters and previews (job upload-media); unset: `ffmpeg` on the
   * PATH. Without it the server keeps uploads but reads none.
   */
  FFMPEG_PATH: z.string().optional(),
  /** Debian's ffprobe; unset: the `ffprobe` beside FFMPEG_PATH, else on the PATH. */
  FFPROBE_PATH: z.string().optional(),
  /** How often the job upload-media looks for finished uploads to read (ms). */
  MEDIA_POLL_MS: z.coerce.number().int().positive().default(10_000),
  /** The longest one ffmpeg run on an upload (its preview) may take before it is killed (ms). */
  MEDIA_TIMEOUT_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Applications (and their deliveries) older than this are deleted; 0 keeps them forever. */
  RETENTION_DAYS: z.coerce.number().int().min(0).default(730),
  /** Slow clients: all headers within this time, the whole request (body too) within that. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * The promise's clock in seconds, for drills and tests only: the texts keep stating
   * responsePromiseHours (app/content/service.ts), which is also the clock when this is unset.
   */
  RESPONSE_PROMISE_SECONDS: z.coerce.number().int().positive().optional(),
  /** How long before an application is due its owner is reminded (seconds; 0: no reminder). */
  REMINDER_BEFORE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(4 * 3600),
  /**
   * Replies from the inbox go out with Reply-To `reply+<id>.<tag>@REPLY_DOMAIN`: a domain (or
   * subdomain) whose mail reaches this server (MX to INBOUND_SMTP_PORT, or a provider that
   * POSTs to /team/inbound-email). Default: the domain of MAIL_FROM.
   */
  REPLY_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "a domain name")
    .optional(),
  /** The SMTP listener for replies (off when unset); it accepts REPLY_DOMAIN recipients only. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default("127.0.0.1"),
  /** STARTTLS for the listener: the key and certificate files (PEM). */
  INBOUND_TLS_KEY: z.string().optional(),
  INBOUND_TLS_CERT: z.string().optional(),
  /** Bearer token of POST /team/inbound-email (off when unset); 24 characters or more. */
  INBOUND_TOKEN: z.string().min(24).optional(),
  /** The largest message taken, by SMTP or HTTP (bytes). */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** POSTs to /team/inbound-email per client IP per minute (0: no limit). */
  INBOUND_LIMIT_PER_IP: z.coerce.number().int().min(0).default(600),
  /** SMTP sessions one client address may hold open at once (IPv6: per /64); 421 beyond. */
  INBOUND_SMTP_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(5),
  /** How long one SMTP session may last in all, busy or idle (seconds); then 421 and closed. */
  INBOUND_SMTP_SESSION_SECONDS: z.coerce.number().int().positive().default(600),
  /** Messages parsed at once (the others wait on disk): what bounds the memory mail takes. */
  INBOUND_PARSE_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /**
   * Messages and bytes (raw, attachments included) taken per hour and per day from one sender
   * (the envelope's MAIL FROM and the From address, each), from one SMTP client address, and
   * for one application (0: no limit). Beyond: SMTP 451, HTTP 429, the team told once.
   */
  INBOUND_SENDER_MESSAGES_PER_HOUR: limit(30),
  INBOUND_SENDER_MESSAGES_PER_DAY: limit(100),
  INBOUND_SENDER_BYTES_PER_HOUR: limit(50 * mb),
  INBOUND_SENDER_BYTES_PER_DAY: limit(200 * mb),
  INBOUND_IP_MESSAGES_PER_HOUR: limit(300),
  INBOUND_IP_MESSAGES_PER_DAY: limit(1000),
  INBOUND_IP_BYTES_PER_HOUR: limit(500 * mb),
  INBOUND_IP_BYTES_PER_DAY: limit(2000 * mb),
  INBOUND_APPLICATION_MESSAGES_PER_HOUR: limit(30),
  INBOUND_APPLICATION_MESSAGES_PER_DAY: limit(100),
  INBOUND_APPLICATION_BYTES_PER_HOUR: limit(50 * mb),
  INBOUND_APPLICATION_BYTES_PER_DAY: limit(200 * mb),
  /**
   * Bytes stored (raw messages and attachments) for one application, and for Unmatched as a
   * whole (0: no limit). Beyond: SMTP 552, HTTP 507, the team told once a day.
   */
  INBOUND_APPLICATION_STORED_BYTES: limit(500 * mb),
  INBOUND_UNMATCHED_STORED_BYTES: limit(2000 * mb),
  /**
   * The authserv-id of the mail provider that POSTs to /team/inbound-email (the first word of
   * the Authentication-Results header it adds, e.g. `mx.provider.example`): its topmost header
   * of that id gives SPF and DMARC. Unset: over HTTP they are "none" (a sender can write any
   * Authentication-Results header of its own).
   */
  INBOUND_AUTHSERV_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, "a host name (the provider's authserv-id)")
    .optional(),
  /** Visits counted on the server without cookies (docs/privacy.md); `off` counts nothing. */
  ANALYTICS: z.enum(["on", "off"]).default("on"),
  /**
   * Visitors counted per client address a day (per instance): further User-Agents from the
   * address count as its first visitor. 0: no cap.
   */
  VISITORS_PER_ADDRESS: z.coerce.number().int().min(0).default(3),
  /** Daily visit totals older than this are deleted; 0 keeps them. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(0).default(400),
  /**
   * How long an application's commit waits for its visit's source (ms); beyond, the source is
   * "not known" and the application goes on.
   */
  VISIT_LOOKUP_MS: z.coerce.number().int().positive().default(250),
  ...notifyVariables,
});

/** The names of every variable the server reads (each listed in .env.example). */
export const configVariables = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> &
  NotifyDerived & {
    /**
     * True when PUBLIC_SITE_URL is https. Whether a request came over HTTPS is its own
     * question: publicRequestOf(c, config.TRUST_PROXY).protocol (server/http/proxy-trust.ts).
     */
    https: boolean;
    dataDir: string;
    buildDir: string;
    /** The promise's clock: received + this = due (RESPONSE_PROMISE_SECONDS, else the content's hours). */
    promiseMs: number;
    /** REPLY_DOMAIN, or the domain of MAIL_FROM. */
    replyDomain: string;
  };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const config = parsed.data;
  if (config.WEBHOOK_URL && !config.WEBHOOK_SECRET) {
    throw new Error("Invalid configuration:\n  WEBHOOK_SECRET: required when WEBHOOK_URL is set");
  }
  if (Boolean(config.INBOUND_TLS_KEY) !== Boolean(config.INBOUND_TLS_CERT)) {
    throw new Error(
      "Invalid configuration:\n  INBOUND_TLS_KEY, INBOUND_TLS_CERT: set both (STARTTLS) or neither",
    );
  }
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error(
      "Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS",
    );
  }
  return {
    ...config,
    ...notifyDerived(config),
    PUBLIC_SITE_URL: config.PUBLIC_SITE_URL.replace(/\/+$/, ""),
    https: config.PUBLIC_SITE_URL.startsWith("https:"),
    dataDir: path.resolve(config.DATA_DIR),
    buildDir: path.resolve(config.BUILD_DIR),
    promiseMs: (config.RESPONSE_PROMISE_SECONDS ?? service.responsePromiseHours * 3600) * 1000,
    replyDomain: config.REPLY_DOMAIN ?? mailDomain(config.MAIL_FROM),
  };
}
