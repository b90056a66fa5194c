import { act, renderHook } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { exampleAnswers } from "~/shared/fields";
import { firstInvalid, useValidation } from "./use-validation";

const valid = exampleAnswers();

describe("useValidation", () => {
  test("shows nothing before the first submit, even while typing", async () => {
    const { result } = renderHook(() => useValidation(undefined));
    await act(() => result.current.changed({ ...valid, name: "M" }));
    expect(result.current.errors).toEqual({});
  });

  test("submit shows every message; typing then updates only fields shown invalid", async () => {
    const { result } = renderHook(() => useValidation(undefined));
    await act(
      async () => void (await result.current.submit({ ...valid, name: "M", goals: "short" })),
    );
    expect(result.current.errors).toEqual({
      name: ["Name must be at least 2 characters"],
      goals: ["Please describe your goals (at least 10 characters)"],
    });
    // Fixing the name removes its message; breaking the email (valid at submit) shows nothing yet.
    await act(() => result.current.changed({ ...valid, name: "Ma", goals: "short", email: "x" }));
    expect(result.current.errors).toEqual({
      goals: ["Please describe your goals (at least 10 characters)"],
    });
    // A field once shown invalid is watched until the next submit: breaking it again shows it.
    await act(() => result.current.changed({ ...valid, name: "M", goals: "long enough now" }));
    expect(result.current.errors).toEqual({ name: ["Name must be at least 2 characters"] });
  });

  test("a valid submit clears every message", async () => {
    const { result } = renderHook(() => useValidation({ name: ["from the server"] }));
    expect(result.current.errors).toEqual({ name: ["from the server"] });
    let outcome: Awaited<ReturnType<typeof result.current.submit>> | undefined;
    await act(async () => {
      outcome = await result.current.submit(valid);
    });
    expect(outcome?.ok).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  test("messages from the server are live like the browser's own", async () => {
    const { result } = renderHook(() => useValidation({ email: ["Please enter a valid email"] }));
    await act(() => result.current.changed(valid));
    expect(result.current.errors).toEqual({});
  });
});

test("firstInvalid follows the form's order", () => {
  expect(firstInvalid({ goals: ["x"], email: ["y"], audienceSize: ["z"] })).toBe("email");
  expect(firstInvalid({})).toBeUndefined();
});
