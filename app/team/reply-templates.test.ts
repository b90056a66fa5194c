import { describe, expect, test } from "vitest";
import { brand } from "~/content/brand";
import { planNames } from "~/content/plans";
import { replies } from "~/content/replies";
import { withinResponsePromise } from "~/content/service";
import { defaultReplySubject, filledReplies } from "./reply-templates";

describe("the saved replies", () => {
  test("each plan has its three, with ids unique across plans", () => {
    for (const plan of planNames) {
      expect(replies[plan].map((template) => template.label)).toEqual([
        "Book a call",
        "What to send us",
        `Next step for the ${plan} plan`,
      ]);
    }
    const ids = planNames.flatMap((plan) => replies[plan].map((template) => template.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("are filled for the applicant and the member, every placeholder known", () => {
    for (const plan of planNames) {
      const filled = filledReplies({ name: "  Ada Lovelace ", plan }, "maya");
      expect(filled).toHaveLength(3);
      for (const template of filled) {
        expect(`${template.subject}\n${template.body}`, template.id).not.toMatch(/[{}]/);
        expect(template.body, template.id).toMatch(/^Hi Ada,\n/);
        expect(template.body, template.id).toContain(`\nmaya\n${brand.name}`);
        expect(template.subject, template.id).toContain(plan);
      }
      const next = filled.find((template) => template.id.endsWith("-next"));
      expect(next?.body).toContain(withinResponsePromise);
    }
  });

  test("end with the member's own signature when they set one, never the default as well", () => {
    const [first] = filledReplies(
      { name: "Ada", plan: "Creator" },
      "Maya",
      "Cheers,\nMaya at the studio",
    );
    expect(first?.body.endsWith("\n\nCheers,\nMaya at the studio")).toBe(true);
    expect(first?.body).not.toContain(`\nMaya\n${brand.name}`);
    const [blank] = filledReplies({ name: "Ada", plan: "Creator" }, "Maya", "   ");
    expect(blank?.body.endsWith(`\n\nBest,\nMaya\n${brand.name}`)).toBe(true);
  });

  test("start from the brand's subject; an unknown plan has none", () => {
    expect(defaultReplySubject({ name: "Ada", plan: "Creator" })).toBe(
      `Re: Your ${brand.name} application (Creator plan)`,
    );
    expect(filledReplies({ name: "Ada", plan: "Platinum" }, "maya")).toEqual([]);
  });
});
