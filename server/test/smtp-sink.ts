import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

export interface ReceivedMail {
  /** The SMTP envelope: who the message was really sent to. */
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
  raw: string;
  /** When the message was accepted (Date.now()). */
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Messages whose data has started to arrive (accepted or not yet). */
  started: () => number;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message, parsed. `delayMs`
 * makes it slow to accept each message (to catch a stop in the middle of a delivery).
 */
export async function startSmtpSink(
  port = 0,
  options: { delayMs?: number } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // On stop, pooled client connections get "421" and are closed after 100 ms, as when a
    // mail server goes away (the default waits 30 s for clients to hang up by themselves).
    closeTimeout: 100,
    onData(stream, session, callback) {
      started += 1;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = simpleParser(raw);
        const delayed = new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
        Promise.all([parsed, delayed]).then(([mail]) => {
          const from = session.envelope.mailFrom;
          messages.push({
            envelope: {
              from: from ? from.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            mail,
            raw,
            receivedAt: Date.now(),
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    started: () => started,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One sink for a whole test file (`const sink = await smtpSinkForFile()` at its top): started
 * at once, stopped after the file's tests.
 */
export async function smtpSinkForFile(): Promise<SmtpSink> {
  const sink = await startSmtpSink();
  afterAll(() => sink.stop());
  return sink;
}
