import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../server/test/wait.ts";

/**
 * A real nginx in front of the built server, for the tests of the proxy path (the e2e spec and
 * the reliability suite): Debian's /usr/sbin/nginx (or NGINX_PATH) with deploy/nginx.conf, the
 * very file docs/operations.md tells operators to copy, its ports and paths replaced. Everything it
 * writes (pid, logs, temp files) goes to a temporary directory; it listens on loopback only.
 *
 * Addresses: the browser reaches nginx at 127.0.0.2 (from 127.0.0.1) and nginx reaches the app
 * from 127.0.0.3 (`proxy_bind`), so the client's address and the proxy's differ.
 */
export const nginxPath = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const publicAddress = "127.0.0.2";
export const proxyAddress = "127.0.0.3";
const deployConfig = path.resolve(import.meta.dirname, "../deploy/nginx.conf");

/**
 * Whether the nginx tests run: yes with nginx (and openssl) installed. Without, they are
 * skipped with a loud warning, except in CI (CI set), where they run and fail instead.
 */
export function nginxAvailable(): boolean {
  const found = existsSync(nginxPath) && hasOpenssl();
  if (found || process.env.CI) return true;
  console.warn(
    "\n**************************************************************\n" +
      `  skipped: no nginx (${nginxPath} not found, or no openssl).\n` +
      "  apt-get install nginx openssl to run the proxy tests.\n" +
      "**************************************************************\n",
  );
  return false;
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** deploy/nginx.conf with the test's ports and certificate; fails if a line it needs moved. */
export function templateDeployConfig(
  config: string,
  values: { httpsPort: number; httpPort: number; appPort: number; cert: string; key: string },
): string {
  const replacements: [RegExp, string][] = [
    [/server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${values.appPort};`],
    [/listen 80;\n\s*listen \[::\]:80;/, `listen ${publicAddress}:${values.httpPort};`],
    [
      /listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/,
      `listen ${publicAddress}:${values.httpsPort} ssl http2;`,
    ],
    [/ssl_certificate \S+;/, `ssl_certificate ${values.cert};`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${values.key};`],
  ];
  let result = config;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(result)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    result = result.replace(pattern, value);
  }
  return result;
}

export interface Nginx {
  /** https://127.0.0.2:<port>: the site as visitors reach it. */
  url: string;
  httpUrl: string;
  /** nginx's error log, for failure messages. */
  errors: () => Promise<string>;
  stop: () => Promise<void>;
}

/** Starts nginx with deploy/nginx.conf in front of the app on 127.0.0.1:`appPort`. */
export async function startNginx(appPort: number): Promise<Nginx> {
  const directory = await mkdtemp(path.join(tmpdir(), "reelsmith-nginx-"));
  // nginx's workers run as another user when started by root: they must reach the temp paths.
  await chmod(directory, 0o755);
  const temp = path.join(directory, "temp");
  await mkdir(temp, { mode: 0o777 });
  await chmod(temp, 0o777);
  const cert = path.join(directory, "cert.pem");
  const key = path.join(directory, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
      ...["-nodes", "-keyout", key, "-out", cert, "-days", "2"],
      ...["-subj", `/CN=${publicAddress}`, "-addext", `subjectAltName=IP:${publicAddress}`],
    ],
    { stdio: "ignore" },
  );
  const [httpsPort, httpPort] = [await freePort(publicAddress), await freePort(publicAddress)];
  const site = templateDeployConfig(await readFile(deployConfig, "utf8"), {
    httpsPort,
    httpPort,
    appPort,
    cert,
    key,
  });
  await writeFile(path.join(directory, "reelsmith.conf"), site);
  const errorLog = path.join(directory, "error.log");
  await writeFile(
    path.join(directory, "nginx.conf"),
    `worker_processes 1;
pid ${path.join(directory, "nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path ${temp}/client_body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    # The app sees the proxy at an address of its own (the client is 127.0.0.1).
    proxy_bind ${proxyAddress};
    include ${path.join(directory, "reelsmith.conf")};
}
`,
  );
  const child = spawn(
    nginxPath,
    [
      "-p",
      directory,
      "-e",
      errorLog,
      "-c",
      path.join(directory, "nginx.conf"),
      "-g",
      "daemon off;",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForPort(publicAddress, httpsPort, child);
  } catch (error) {
    child.kill("SIGKILL");
    const log = await readFile(errorLog, "utf8").catch(() => "");
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr}\n${log}`);
  }
  return {
    url: `https://${publicAddress}:${httpsPort}`,
    httpUrl: `http://${publicAddress}:${httpPort}`,
    errors: () => readFile(errorLog, "utf8").catch(() => ""),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function waitForPort(host: string, port: number, child: ChildProcess) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${host}:${port}`);
}
