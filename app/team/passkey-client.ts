import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { teamPaths } from "~/shared/paths";

/**
 * The browser's half of the passkey ceremonies, against better-auth's endpoints under
 * /team/auth (loaded on demand: only a click on a passkey button needs it).
 */
const base = `${teamPaths.auth}/passkey`;

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`${base}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
}

/** Adds a passkey for the signed-in member. "stale": the session is too old for that. */
export async function registerPasskey(): Promise<"added" | "stale" | "failed"> {
  const options = await fetch(`${base}/generate-register-options`, { credentials: "same-origin" });
  if (options.status === 403) return "stale";
  if (!options.ok) return "failed";
  try {
    const response = await startRegistration({ optionsJSON: await options.json() });
    const verified = await postJson("verify-registration", { response });
    return verified.ok ? "added" : "failed";
  } catch {
    return "failed";
  }
}

/** Signs in with a passkey; true once the session cookie is set. */
export async function signInWithPasskey(): Promise<boolean> {
  const options = await fetch(`${base}/generate-authenticate-options`, {
    credentials: "same-origin",
  });
  if (!options.ok) return false;
  try {
    const response = await startAuthentication({ optionsJSON: await options.json() });
    const verified = await postJson("verify-authentication", { response });
    return verified.ok;
  } catch {
    return false;
  }
}
