/** Types of check-node-version.js (plain JavaScript, so that old Node.js can run it). */
export function nodeVersionProblem(version: string, required: string): string | null;
