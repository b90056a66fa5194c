import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { Field } from "./field";

test("the control is labelled and described by its hint and its error", () => {
  render(
    <Field name="accountHandle" label="Account Handle" hint="Your main handle" error="Required">
      {(control) => <input {...control} />}
    </Field>,
  );
  const input = screen.getByLabelText("Account Handle");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")).toBe(
    "field-accountHandle-hint field-accountHandle-error",
  );
  expect(document.getElementById("field-accountHandle-error")?.textContent).toBe("Required");
});

test("a valid control without hint has no description and is not invalid", () => {
  render(
    <Field name="name" label="Full Name">
      {(control) => <input {...control} />}
    </Field>,
  );
  const input = screen.getByLabelText("Full Name");
  expect(input.hasAttribute("aria-invalid")).toBe(false);
  expect(input.hasAttribute("aria-describedby")).toBe(false);
});
