import { SMTPServer } from "smtp-server";

export interface SmtpCounter {
  readonly port: number;
  readonly url: string;
  /** Messages accepted so far, by Message-ID (a count above 1 is a duplicate). */
  readonly byMessageId: Map<string, number>;
  /** Messages accepted so far. */
  accepted(): number;
  /** Message-IDs accepted more than once. */
  duplicates(): string[];
  /** Stops listening (new connections are refused); sessions in flight may finish. */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) for load: it keeps no message, only counts
 * them by their Message-ID header (parsing tens of thousands of emails would cost more than the
 * server under test). `delayMs` holds each message before accepting it (slow mail server).
 * `rejectRecipients` refuses every recipient (a mail server that bounces).
 */
export async function startSmtpCounter(
  options: { port?: number; delayMs?: number; rejectRecipients?: boolean } = {},
): Promise<SmtpCounter> {
  const byMessageId = new Map<string, number>();
  let accepted = 0;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // Stopping drops the sessions in progress (421) after this long, as a server going away.
      closeTimeout: 100,
      // No reverse DNS of the client (127.0.0.1): without network it only adds waiting.
      disableReverseLookup: true,
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipients) {
          callback(
            Object.assign(new Error(`<${address.address}>: no such user`), { responseCode: 550 }),
          );
        } else callback();
      },
      onData(stream, _session, callback) {
        let head = "";
        let inHead = true;
        stream.on("data", (chunk: Buffer) => {
          if (!inHead) return;
          head += chunk.toString("latin1");
          const end = head.indexOf("\r\n\r\n");
          if (end >= 0) {
            head = head.slice(0, end);
            inHead = false;
          }
        });
        stream.on("error", callback);
        stream.on("end", () => {
          const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? "(none)";
          // Counted and answered 250 in the same turn: a stop cannot fall in between.
          const accept = () => {
            byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
            accepted += 1;
            callback();
          };
          if (options.delayMs) setTimeout(accept, options.delayMs);
          else accept();
        });
      },
    });
  }

  async function start() {
    server = create();
    const listening = server;
    // A client killed mid-session (kill -9 in the crash scenarios) resets its connection, which
    // smtp-server reports as an "error" event: a mail server notes it and serves the others.
    listening.on("error", () => undefined);
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    const address = listening.server.address();
    if (typeof address === "object" && address) port = address.port;
  }

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    byMessageId,
    accepted: () => accepted,
    duplicates: () => [...byMessageId].filter(([, n]) => n > 1).map(([id]) => id),
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (!current) resolve();
        else current.close(() => resolve());
      }),
    start,
  };
}
