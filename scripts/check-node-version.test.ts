import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./check-node-version.js";

const required = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .engines.node as string;

describe("the Node.js version check of npm start", () => {
  it("reads its minimum from package.json: Node 22.22 (React Router 8's own floor)", () => {
    expect(required).toBe(">=22.22");
  });

  it("refuses Node 20, 22.18 and 22.21 in one line that names 22.22", () => {
    for (const version of ["20.20.2", "22.18.0", "22.21.1", "18.0.0"]) {
      const problem = nodeVersionProblem(version, required);
      expect(problem).toContain("Node.js 22.22 or newer");
      expect(problem).toContain(`this is Node.js ${version}`);
      expect(problem).not.toContain("\n");
    }
  });

  it("accepts 22.22 and anything newer", () => {
    for (const version of ["22.22.0", "22.22.1", "23.0.0", "24.21.0"]) {
      expect(nodeVersionProblem(version, required)).toBeNull();
    }
  });
});
