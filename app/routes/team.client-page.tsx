import { data, Form, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import { portalCuts } from "~/content/portal-cuts";
import { portalSchedule } from "~/content/portal-schedule";
import { RequestList } from "~/portal/request-list";
import { TeamFootageList } from "~/portal/team-footage-list";
import { clientPagePort } from "~/shared/client-page-port";
import { ownEntry } from "~/shared/own-entry";
import {
  applicationPath,
  teamClientsPath,
  teamFootagePath,
  teamPostPath,
  teamRequestPath,
  teamSchedulePath,
} from "~/shared/paths";
import { fill } from "~/shared/text";
import { EraseFold } from "~/team/erase-fold";
import { OutcomeNotice } from "~/team/outcome-notice";
import { Panel } from "~/team/panel";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamFootageComplete } from "~/team/team-footage-complete";
import { TeamPageError } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.client-page";

const copy = portal.team.client;
const done = { invited: portal.team.invite.invited, already: portal.team.invite.already };

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  teamMeta(
    loaded ? fill(portal.seo.client, { name: loaded.page.client.name }) : portal.seo.clients,
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, clientPagePort);
  const page = await team.client(params.id);
  if (!page) throw data(null, { status: 404 });
  const said = ownEntry<string>(done, new URL(request.url).searchParams.get("done"));
  const message = said ? fill(said, { email: page.people[0]?.email ?? "" }) : undefined;
  return { member, page, message };
}

/**
 * Adds a person by address, removes one (their sessions end at once), or erases the client and
 * everything of theirs (only with the confirmation's second press: `confirm=yes`).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, clientPagePort);
  const form = await postedForm(request);
  const intent = form.get("intent");
  if (intent === "erase") {
    if (form.get("confirm") !== "yes") {
      return data({ ok: false, message: copy.eraseUnconfirmed }, { status: 400 });
    }
    const erased = await team.erase(params.id, member.email);
    if (!erased.ok) throw data(null, { status: 404 });
    return redirect(`${teamClientsPath}?erased=1`);
  }
  const outcome =
    intent === "add"
      ? await team.addPerson(params.id, form.get("email") ?? "")
      : intent === "remove"
        ? await team.removePerson(params.id, form.get("person") ?? "")
        : ({ ok: false, error: "not_found" } as const);
  if (!outcome.ok && outcome.error === "not_found") throw data(null, { status: 404 });
  if (outcome.ok) {
    const said = intent === "add" ? copy.added : copy.removed;
    return data({ ok: true, message: fill(said, { email: outcome.email }) });
  }
  const message =
    outcome.error === "invalid_email"
      ? copy.invalidEmail
      : outcome.error === "address_taken"
        ? fill(copy.addressTaken, { email: outcome.email ?? "" })
        : copy.lastPerson;
  return data({ ok: false, message }, { status: 400 });
}

export default function TeamClient({ loaderData, actionData }: Route.ComponentProps) {
  const { member, page } = loaderData;
  const said =
    actionData ?? (loaderData.message ? { ok: true, message: loaderData.message } : undefined);
  return (
    <TeamShell member={member} current={teamClientsPath}>
      <BackLink href={teamClientsPath}>{copy.back}</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-white">
        {page.client.name}
      </h1>
      <p className="mt-2 text-zinc-300">
        {fill(copy.plan, { plan: page.client.plan, videos: page.client.videosPerWeek })}
      </p>
      <p className="mt-1 text-sm text-zinc-400">
        {fill(portal.client.home.weekCount, {
          count: page.requestsThisWeek,
          videos: page.client.videosPerWeek,
        })}
      </p>
      {page.applicationId ? (
        <a
          href={applicationPath(page.applicationId)}
          className={buttonClass("ghost", "sm", "-ml-3 mt-2")}
        >
          {copy.application}
        </a>
      ) : null}
      <OutcomeNotice said={said} />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          <TitledSection id="requests-title" title={copy.requestsTitle}>
            <RequestList
              requests={page.requests}
              thisWeek={page.thisWeek}
              none={copy.noRequests}
              review={{
                href: (id) => teamRequestPath(page.client.id, id),
                label: () => portalCuts.teamRequest.open,
              }}
            />
            <TeamFootageComplete requests={page.markable} />
          </TitledSection>
          <TitledSection
            id="posts-title"
            title={portalSchedule.calendar.clientSchedule}
            className="mt-8"
          >
            <a
              href={`${teamSchedulePath}?client=${encodeURIComponent(page.client.id)}`}
              className={buttonClass("outline", "sm", "mt-3")}
            >
              {portalSchedule.calendar.clientSchedule}
            </a>
            <ul className="mt-3 flex flex-col gap-2">
              {page.requests.map((request) => (
                <li key={request.id}>
                  <a
                    href={teamPostPath(page.client.id, request.id)}
                    className="text-brand-300 underline underline-offset-4"
                  >
                    {fill(portalSchedule.post.title, { title: request.title })}
                  </a>
                </li>
              ))}
            </ul>
          </TitledSection>
          <TitledSection id="footage-title" title={portal.team.footage.title} className="mt-8">
            <TeamFootageList
              footage={page.footage}
              previews={page.previews}
              fileUrl={(upload, file) => teamFootagePath(page.client.id, upload, file)}
              request={(id) => {
                const found = page.requests.find((request) => request.id === id);
                return found && { title: found.title, href: teamRequestPath(page.client.id, id) };
              }}
            />
          </TitledSection>
        </div>
        <Panel id="people-title" title={copy.peopleTitle}>
          <ul className="mt-3 flex flex-col gap-2">
            {page.people.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="break-all text-zinc-200">{person.email}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="person" value={person.id} />
                  <button
                    type="submit"
                    className={buttonClass("outline", "sm")}
                    aria-label={`${copy.remove} ${person.email}`}
                  >
                    {copy.remove}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="intent" value="add" />
            <Field name="email" label={copy.addLabel}>
              {(control) => (
                <Input {...control} name="email" type="email" required maxLength={254} />
              )}
            </Field>
            <button type="submit" className={buttonClass("primary", "md", "self-start")}>
              {copy.add}
            </button>
          </Form>
        </Panel>
      </div>
      <div className="mt-8 max-w-xl">
        <Panel id="erase-title" title={copy.eraseTitle}>
          <EraseFold
            open={copy.erase}
            hint={fill(copy.eraseHint, { name: page.client.name })}
            confirm={copy.eraseConfirm}
          />
        </Panel>
      </div>
    </TeamShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TeamPageError error={error} />;
}
