import { describe, expect, test } from "vitest";
import { team as teamCopy } from "~/content/team";
import { createAppContext } from "~/shared/app-context";
import {
  type ApplicationPort,
  type ApplicationView,
  applicationPort,
} from "~/shared/application-port";
import type { PortKey, TeamPort } from "~/shared/team-port";
import { loader } from "./team.application";

const id = "0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";

/** The team's side as the server hands it over, signed in, with one application's port. */
function context(asked: { before?: string }[]) {
  const view = { id, name: "Maya Chen", plan: "Creator" } as ApplicationView;
  const port = {
    application: async (_id: string, thread?: { before?: string }) => {
      asked.push(thread ?? {});
      return view;
    },
  } as Partial<ApplicationPort>;
  const team: TeamPort = {
    member: { id: "m", email: "maya@reelsmith.example", name: "Maya" },
    port: <Port>(key: PortKey<Port>) => (key === applicationPort ? (port as Port) : undefined),
  };
  return createAppContext({ nonce: "", team });
}

async function load(search: string, asked: { before?: string }[] = []) {
  const request = new Request(`http://localhost/team/applications/${id}${search}`);
  // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type is not needed here
  return loader({ request, params: { id }, context: context(asked) } as any);
}

describe("the application page's loader", () => {
  test("says what was done by the name the action gave it", async () => {
    expect((await load("?done=note")).message).toEqual({
      text: teamCopy.application.done.note,
      section: "notes",
    });
  });

  test.each(["__proto__", "constructor", "toString", "hasOwnProperty", "nope"])(
    "says nothing for ?done=%s, and never fails",
    async (done) => {
      expect((await load(`?done=${done}`)).message).toBeUndefined();
    },
  );

  test("asks for the page of the thread the link names (Earlier emails)", async () => {
    const asked: { before?: string }[] = [];
    await load("?earlier=1700000000000_x", asked);
    await load("", asked);
    expect(asked).toEqual([{ before: "1700000000000_x" }, { before: undefined }]);
  });
});
