import { createClient } from "@supabase/supabase-js";
import { corsHeaders } from "@supabase/supabase-js/cors";
import { expect, it } from "vitest";
import { intakeAllowedHeaders } from "./client-headers.ts";

const allowed = new Set(intakeAllowedHeaders);
const missing = (names: Iterable<string>) =>
  [...names].map((name) => name.trim().toLowerCase()).filter((name) => !allowed.has(name));

it("allows every header @supabase/supabase-js lists as sent by its clients", () => {
  const listed = corsHeaders["Access-Control-Allow-Headers"];
  expect(listed, "the package still exports its list").toBeTypeOf("string");
  const names = String(listed).split(",");
  expect(names.length).toBeGreaterThan(3);
  expect(missing(names)).toEqual([]);
});

it("allows every header functions.invoke sends, with and without a region", async () => {
  const sent: string[][] = [];
  const supabase = createClient("http://127.0.0.1:9", "publishable-intake-key-0123456789", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (_input, init) => {
        sent.push([...new Headers(init?.headers).keys()]);
        return Response.json({ ok: true, id: "x" });
      },
    },
  });
  const plain = await supabase.functions.invoke("send-onboarding-email", { body: { a: "b" } });
  expect(plain.error).toBeNull();
  const regional = await supabase.functions.invoke("send-onboarding-email", {
    body: { a: "b" },
    region: "eu-west-1" as never,
  });
  expect(regional.error).toBeNull();
  expect(sent).toHaveLength(2);
  expect(sent[1]).toContain("x-region");
  expect(missing(sent.flat())).toEqual([]);
});

it("sees a header the list lacks", () => {
  expect(missing(["Authorization", "X-Some-New-Header"])).toEqual(["x-some-new-header"]);
});
