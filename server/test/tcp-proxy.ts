import net from "node:net";
import { createTestDatabase } from "./postgres.ts";

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL): `cut()` drops every
 * connection and refuses new ones, as when the database goes away; `restore()` lets them in.
 * `freeze()` is a network partition instead: connections stay open but no byte gets through
 * (held, not lost) until `thaw()`, as when packets stop arriving and TCP keeps retrying.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let frozen = false;
  /** Bytes held while frozen, written in order on thaw. */
  let held: { to: net.Socket; chunk: Buffer }[] = [];
  const pendingConnects: (() => void)[] = [];

  function forward(from: net.Socket, to: net.Socket) {
    from.on("data", (chunk: Buffer) => {
      if (frozen) held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on("end", () => to.end());
  }

  async function listen() {
    server = net.createServer((client) => {
      const connect = () => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        forward(client, upstream);
        forward(upstream, client);
      };
      // While frozen, a new connection is accepted but reaches nothing (its bytes are held).
      if (frozen) {
        client.pause();
        sockets.add(client);
        client.on("close", () => sockets.delete(client));
        client.on("error", () => client.destroy());
        pendingConnects.push(() => {
          if (client.destroyed) return;
          connect();
          client.resume();
        });
      } else connect();
    });
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address === "object" && address) port = address.port;
  }

  async function cut() {
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      const bytes = held;
      held = [];
      for (const { to, chunk } of bytes) if (!to.destroyed) to.write(chunk);
      for (const connect of pendingConnects.splice(0)) connect();
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/**
 * A TCP proxy in front of the PostgreSQL server of `databaseUrl`, and the URL that reaches the
 * same database through it.
 */
export async function proxyInFrontOf(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: url.toString() };
}

export interface BehindProxy<T> {
  server: T;
  proxy: TcpProxy;
  /** The database's own URL, not through the proxy. */
  databaseUrl: string;
  /** Stops the server, cuts the proxy, drops the database. */
  stop: () => Promise<void>;
}

/**
 * A fresh PostgreSQL database behind a TCP proxy, and the server `start` starts on the proxy's
 * URL (a test server, an instance), so that a test can cut or freeze the database at will.
 */
export async function behindProxy<T extends { stop(): Promise<void> }>(
  start: (databaseUrl: string) => Promise<T>,
): Promise<BehindProxy<T>> {
  const database = await createTestDatabase();
  const { proxy, url } = await proxyInFrontOf(database.url);
  const removeDatabase = async () => {
    await proxy.cut();
    await database.drop();
  };
  const server = await start(url).catch(async (error: unknown) => {
    await removeDatabase();
    throw error;
  });
  return {
    server,
    proxy,
    databaseUrl: database.url,
    stop: async () => {
      await server.stop();
      await removeDatabase();
    },
  };
}
