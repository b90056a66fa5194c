import net from "node:net";

/**
 * A raw SMTP conversation for tests: connects, sends `commands` (pipelined, in one write: the
 * listener announces PIPELINING) and collects the code of each final reply line, the greeting
 * first, until `replies` have come (or the server closes). EHLO's lines come back too, in
 * `lines`.
 */
export function smtpConversation(
  port: number,
  commands: readonly string[],
  replies: number,
): Promise<{ codes: number[]; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const codes: number[] = [];
    const lines: string[] = [];
    let rest = "";
    let sent = false;
    const done = () => {
      socket.destroy();
      resolve({ codes, lines });
    };
    socket.setEncoding("utf8");
    socket.setTimeout(15_000, () =>
      reject(new Error(`SMTP: ${codes.length} of ${replies} replies`)),
    );
    socket.on("error", reject);
    socket.on("close", done);
    socket.on("data", (chunk: string) => {
      const all = (rest + chunk).split("\r\n");
      rest = all.pop() ?? "";
      for (const line of all) {
        lines.push(line);
        const final = /^(\d{3})(?: |$)/.exec(line);
        if (final) codes.push(Number(final[1]));
      }
      if (!sent && codes.length >= 1) {
        sent = true;
        socket.write(commands.map((command) => `${command}\r\n`).join(""));
      }
      if (codes.length >= replies) done();
    });
  });
}
