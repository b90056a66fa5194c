import { expect } from "vitest";

/**
 * What a guard answers `path` without a session: a redirect (302) to `signIn`, never cached,
 * never indexed.
 */
export function expectSentToSignIn(answer: Response, path: string, signIn: string): void {
  expect(answer.status, path).toBe(302);
  expect(answer.headers.get("location"), path).toBe(signIn);
  expect(answer.headers.get("cache-control"), path).toBe("no-store");
  expect(answer.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
}
