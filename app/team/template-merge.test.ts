import { describe, expect, test } from "vitest";
import { mergeTemplate } from "./template-merge";

const template = { subject: "Welcome aboard", body: "Hi Maya,\n\nThanks for applying." };

describe("a template into a draft", () => {
  test("an empty message takes the template whole", () => {
    expect(mergeTemplate({ subject: "Re: x", body: " \n" }, template, "insert")).toEqual(template);
  });

  test("a typed message is kept: the template goes below it, the subject typed stays", () => {
    expect(
      mergeTemplate({ subject: "Re: x", body: "My own words.\n" }, template, "insert"),
    ).toEqual({ subject: "Re: x", body: "My own words.\n\nHi Maya,\n\nThanks for applying." });
  });

  test("replace only when asked", () => {
    expect(mergeTemplate({ subject: "Re: x", body: "My own words." }, template, "replace")).toEqual(
      template,
    );
  });
});
