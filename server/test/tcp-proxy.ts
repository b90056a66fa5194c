import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL): `cut()` drops every
 * connection and refuses new ones, as when the database goes away; `restore()` lets them in.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
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
  };
}
