import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ChatReceiver, startDiscordReceiver } from "../../test/chat-receivers.ts";
import { freePort } from "../../test/wait.ts";
import { DeliveryError } from "../error-class.ts";
import { discordPostUrl } from "./discord.ts";
import { postJson } from "./post.ts";

let discord: ChatReceiver;
beforeAll(async () => {
  discord = await startDiscordReceiver();
});
afterAll(() => discord.stop());

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DeliveryError)) throw new Error(`expected a DeliveryError: ${error}`);
  return error;
}

it("sees Discord's 400 for a bad payload (with wait=true) as a final refusal", async () => {
  const empty = await failure(
    postJson(discordPostUrl(discord.url), { embeds: [] }, { service: "Discord" }),
  );
  expect(empty.message).toBe("Discord answered 400 (Cannot send an empty message 50006)");
  expect(empty).toMatchObject({ errorClass: "http_4xx", permanent: true });

  const tooLong = { embeds: [{ title: "x", fields: [{ name: "Name", value: "" }] }] };
  const invalid = await failure(
    postJson(discordPostUrl(discord.url), tooLong, { service: "Discord" }),
  );
  expect(invalid.message).toBe("Discord answered 400 (Invalid Form Body 50035)");
  // Without wait=true Discord answers 204 before it looks at the payload: nothing would fail.
  await expect(postJson(discord.url, tooLong, { service: "Discord" })).resolves.toBe("");
  expect(discord.received.map((request) => request.status)).toEqual([400, 400, 204]);
});

it("retries what may pass later: 429, 5xx, refused connections and timeouts", async () => {
  discord.refuse({ status: 429, type: "application/json", body: '{"retry_after":1.5}' });
  const limited = await failure(postJson(discordPostUrl(discord.url), {}, { service: "Discord" }));
  expect(limited).toMatchObject({ errorClass: "http_429", permanent: false });
  discord.refuse({ status: 502, body: "<html>Bad gateway</html>" });
  const broken = await failure(postJson(discord.url, {}, { service: "Discord" }));
  expect(broken).toMatchObject({ errorClass: "http_5xx", permanent: false });
  expect(broken.message).toBe("Discord answered 502 (html Bad gateway html)");
  discord.accept();

  const closed = `http://127.0.0.1:${await freePort()}/hook`;
  const refused = await failure(postJson(closed, {}, { service: "Slack" }));
  expect(refused).toMatchObject({ errorClass: "unreachable", permanent: false });
  expect(refused.message).toBe("Slack could not be reached (unreachable)");

  const silent = http.createServer(() => {}); // accepts, never answers
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const address = silent.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const slow = await failure(
    postJson(`http://127.0.0.1:${port}/hook`, {}, { service: "Teams", timeoutMs: 200 }),
  );
  silent.closeAllConnections();
  silent.close();
  expect(slow).toMatchObject({ errorClass: "timeout", permanent: false });
});

it("never follows a redirect, and never repeats the secret URL in its messages", async () => {
  const redirecting = http.createServer((_request, response) => {
    response.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere" }).end();
  });
  await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
  const address = redirecting.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/services/T0/B0/very-secret-token`;
  const error = await failure(postJson(url, {}, { service: "Slack" }));
  redirecting.close();
  expect(error).toMatchObject({ errorClass: "http_other", permanent: false });
  expect(error.message).toBe("Slack answered 302");
  expect(error.message).not.toContain("secret");
});
