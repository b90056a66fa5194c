import { data, redirect } from "react-router";
import { team as teamCopy } from "~/content/team";
import { teamPaths } from "~/shared/paths";
import { type SettingsOutcome, type SettingsPort, settingsPort } from "~/shared/settings-port";
import { MembersPanel } from "~/team/members-panel";
import { OutcomeNotice } from "~/team/outcome-notice";
import { ProfileForm } from "~/team/profile-form";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.settings";

const copy = teamCopy.settings;

export const meta: Route.MetaFunction = () => teamMeta(teamCopy.seo.settings);

/** The page's own port (the server bound it to the member signed in). */
function settingsOf(context: unknown): {
  settings: SettingsPort;
  member: ReturnType<typeof signedInMember>["member"];
} {
  const { team: settings, member } = signedInMember(context, settingsPort);
  return { settings, member };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings, member } = settingsOf(context);
  const done = new URL(request.url).searchParams.get("done");
  const message =
    done && Object.hasOwn(copy.done, done) ? copy.done[done as keyof typeof copy.done] : undefined;
  return { member, view: await settings.view(), message };
}

/** One form per intent: the profile, or (admins) add, remove, make or unmake admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const { settings } = settingsOf(context);
  const form = await postedForm(request);
  const text = (name: string) => form.get(name) ?? "";
  const intent = text("intent");
  const outcome: SettingsOutcome =
    intent === "profile"
      ? await settings.saveProfile({
          name: text("name"),
          signature: text("signature"),
          timeZone: text("timeZone"),
        })
      : intent === "add"
        ? await settings.addMember({
            email: text("email"),
            name: text("name"),
            admin: form.get("admin") === "1",
          })
        : intent === "remove"
          ? await settings.removeMember(text("member"))
          : intent === "admin" || intent === "unadmin"
            ? await settings.setAdmin(text("member"), intent === "admin")
            : { ok: false, error: "invalid" };
  if (outcome.ok) return redirect(`${teamPaths.settings}?done=${outcome.done}`);
  return data(
    {
      intent,
      error: outcome.error,
      fields: outcome.fields ?? {},
      values: Object.fromEntries(form),
    },
    { status: outcome.error === "forbidden" ? 403 : 400 },
  );
}

export default function TeamSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { member, view, message } = loaderData;
  const said = actionData
    ? { ok: false, message: copy.errors[actionData.error] }
    : message
      ? { ok: true, message }
      : undefined;
  const failed = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  return (
    <TeamShell member={member} current={teamPaths.settings}>
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{copy.title}</h1>
      <p className="mt-2 max-w-prose text-zinc-300">{copy.intro}</p>
      <OutcomeNotice said={said} />
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_3fr]">
        <ProfileForm me={view.me} timeZones={view.timeZones} failed={failed("profile")} />
        <MembersPanel view={view} failed={failed("add")} />
      </div>
    </TeamShell>
  );
}
