import { describe, expect, test } from "vitest";
import { fieldNames } from "~/shared/fields";
import { readPostedForm } from "./form-data";

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const key = "0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";

describe("readPostedForm", () => {
  test("every field of the descriptors as posted, in order; missing ones are empty", () => {
    const posted = readPostedForm(
      formData({ name: " Maya ", accountType: "creator", selectedPlan: "Influencer" }),
    );
    expect(posted.values).toEqual({
      ...Object.fromEntries(fieldNames.map((field) => [field, ""])),
      name: " Maya ",
      accountType: "creator",
      selectedPlan: "Influencer",
    });
    expect(Object.keys(posted.values)).toEqual(fieldNames);
    expect(posted.input).toEqual(posted.values);
  });

  test("the honeypot is passed on only when filled in", () => {
    expect(readPostedForm(formData({ website: "" })).input).not.toHaveProperty("website");
    const filled = readPostedForm(formData({ website: "http://spam.example" }));
    expect(filled.input.website).toBe("http://spam.example");
    expect(filled.values).not.toHaveProperty("website");
  });

  test("the idempotency key is kept only when it is a UUID; never part of the input", () => {
    expect(readPostedForm(formData({ idempotencyKey: key })).idempotencyKey).toBe(key);
    expect(readPostedForm(formData({ idempotencyKey: "x'; drop" })).idempotencyKey).toBeUndefined();
    expect(readPostedForm(formData({ idempotencyKey: key })).input).not.toHaveProperty(
      "idempotencyKey",
    );
  });

  test("unknown fields and files are ignored", () => {
    const data = formData({ role: "admin" });
    data.append("name", new Blob(["x"]), "name.txt");
    const posted = readPostedForm(data);
    expect(posted.input).not.toHaveProperty("role");
    expect(posted.values.name).toBe("");
  });
});
