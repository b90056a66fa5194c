import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { dkimSign } from "mailauth";
import { describe, expect, it, onTestFinished } from "vitest";
import { authenticationOf, providerResults } from "./authentication.ts";
import { rawMessage } from "./test-messages.ts";

/** A DNS of our own: example.org allows 192.0.2.10 only; every other name is unknown. */
const resolver = async (name: string, type: string) => {
  if (type === "TXT" && name === "example.org") return [["v=spf1 ip4:192.0.2.10 -all"]];
  if (type === "TXT" && name === "_dmarc.example.org") return [["v=DMARC1; p=reject"]];
  throw Object.assign(new Error(`${name} ${type}: no such name`), { code: "ENOTFOUND" });
};

describe("SPF, DKIM and DMARC of a message that came in", () => {
  it("reads a message from its file as a stream: DKIM's body hash, SPF, the provider's header", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const signed = async (name: string, type: string) =>
      type === "TXT" && name === "s1._domainkey.example.org"
        ? [[`v=DKIM1; k=rsa; p=${key}`]]
        : resolver(name, type);
    const raw = Buffer.concat([
      Buffer.from("Authentication-Results: mx.provider.example; spf=pass; dmarc=pass\r\n"),
      await rawMessage({
        to: "reply+x@reply.reelsmith.example",
        attachments: [{ filename: "a.bin", content: Buffer.alloc(300 * 1024, 7) }],
      }),
    ]);
    // mailauth's types want the one-signature form; signatureData is what it signs with.
    const { signatures } = await dkimSign(raw, {
      signatureData: [
        {
          signingDomain: "example.org",
          selector: "s1",
          privateKey: privateKey.export({ type: "pkcs8", format: "pem" }),
        },
      ],
    } as unknown as Parameters<typeof dkimSign>[1]);
    const directory = await mkdtemp(path.join(tmpdir(), "auth-"));
    onTestFinished(() => rm(directory, { recursive: true, force: true }));
    const file = path.join(directory, "signed.eml");
    await writeFile(file, Buffer.concat([Buffer.from(signatures), raw]));
    const smtp = {
      sender: "maya@example.org",
      resolver: signed,
      mta: "mx.reelsmith.example",
      client: { ip: "198.51.100.7", helo: "mail.example.org" },
    };
    expect(await authenticationOf({ file }, smtp)).toEqual({
      spf: "fail",
      dkim: "pass",
      dmarc: "pass",
    });
    const http = { resolver: signed, mta: "mx", authservId: "mx.provider.example" };
    expect(await authenticationOf({ file }, http)).toEqual({
      spf: "pass",
      dkim: "pass",
      dmarc: "pass",
    });
    // One byte of the body changed on disk: the signature no longer holds.
    const tampered = Buffer.concat([Buffer.from(signatures), raw]);
    const at = tampered.length - 10;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    await writeFile(file, tampered);
    // mailauth's word for a body hash that does not verify.
    expect((await authenticationOf({ file }, smtp)).dkim).toBe("neutral");
  });

  it("passes SPF from an allowed address and fails it from another (SMTP: the connection)", async () => {
    const raw = await rawMessage({ to: "reply+x@reply.reelsmith.example" });
    const options = { sender: "maya@example.org", resolver, mta: "mx.reelsmith.example" };
    const allowed = await authenticationOf(raw, {
      ...options,
      client: { ip: "192.0.2.10", helo: "mail.example.org" },
    });
    const other = await authenticationOf(raw, {
      ...options,
      client: { ip: "198.51.100.7", helo: "mail.example.org" },
    });
    expect(allowed).toEqual({ spf: "pass", dkim: "none", dmarc: "pass" });
    expect(other).toEqual({ spf: "fail", dkim: "none", dmarc: "fail" });
  });

  it("over HTTP takes SPF and DMARC from the provider's topmost Authentication-Results, else none", async () => {
    const plain = await rawMessage();
    const provider = { resolver, mta: "mx", authservId: "mx.provider.example" };
    expect(await authenticationOf(plain, provider)).toEqual({
      spf: "none",
      dkim: "none",
      dmarc: "none",
    });
    const headed = Buffer.concat([
      Buffer.from(
        "Authentication-Results: mx.provider.example;\r\n spf=pass smtp.mailfrom=example.org;\r\n dkim=none; dmarc=pass header.from=example.org\r\nAuthentication-Results: forged.example; spf=fail; dmarc=fail\r\n",
      ),
      plain,
    ]);
    expect(providerResults(headed, "mx.provider.example")).toEqual({ spf: "pass", dmarc: "pass" });
    expect(await authenticationOf(headed, provider)).toEqual({
      spf: "pass",
      dkim: "none",
      dmarc: "pass",
    });
  });

  it("over HTTP never believes a sender's own Authentication-Results (the forged pass of issue 36)", async () => {
    const forged = Buffer.concat([
      Buffer.from("Authentication-Results: spf=pass; dmarc=pass\r\n"),
      await rawMessage({ from: "ceo@bank.example" }),
    ]);
    const none = { spf: "none", dkim: "none", dmarc: "none" };
    // No authserv-id configured: nothing in the message is believed.
    expect(await authenticationOf(forged, { resolver, mta: "mx" })).toEqual(none);
    // One configured: a header without it (or of another id) says nothing.
    const provider = { resolver, mta: "mx", authservId: "mx.provider.example" };
    expect(await authenticationOf(forged, provider)).toEqual(none);
    const otherId = Buffer.concat([
      Buffer.from("Authentication-Results: mx.attacker.example; spf=pass; dmarc=pass\r\n"),
      forged,
    ]);
    expect(await authenticationOf(otherId, provider)).toEqual(none);
    // The provider's own on top wins over one of its id the sender wrote below it.
    const below = Buffer.concat([
      Buffer.from(
        "Authentication-Results: MX.Provider.Example (1.2.3); spf=fail smtp.mailfrom=bank.example; dmarc=fail\r\nAuthentication-Results: mx.provider.example; spf=pass; dmarc=pass\r\n",
      ),
      forged,
    ]);
    expect(await authenticationOf(below, provider)).toEqual({
      spf: "fail",
      dkim: "none",
      dmarc: "fail",
    });
  });

  it("says temperror when the checks take too long, and does not wait for them", async () => {
    const slow = () => new Promise<string[][]>(() => {});
    const started = Date.now();
    const results = await authenticationOf(await rawMessage(), {
      client: { ip: "192.0.2.10" },
      sender: "maya@example.org",
      resolver: slow,
      mta: "mx",
      timeoutMs: 200,
    });
    expect(results).toEqual({ spf: "temperror", dkim: "temperror", dmarc: "temperror" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
