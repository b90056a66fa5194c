import { data, Form } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { portalSchedule } from "~/content/portal-schedule";
import { scheduleQuery, teamClientPath, teamSchedulePath } from "~/shared/paths";
import { type PostField, teamSchedulePort } from "~/shared/schedule-port";
import { fill } from "~/shared/text";
import { OutcomeNotice } from "~/team/outcome-notice";
import { postedForm, signedInMember, teamMeta } from "~/team/route-helpers";
import { TeamPageError } from "~/team/team-not-found";
import { TeamShell } from "~/team/team-shell";
import type { Route } from "./+types/team.request-post";

const copy = portalSchedule.post;
const states = portalSchedule.calendar;
const fields: PostField[] = ["platform", "date", "time", "timeZone", "caption", "hashtags"];

export const meta: Route.MetaFunction = () => teamMeta(portalSchedule.seo.post);

/** A request's post: where, when (in its zone), caption and hashtags, and its approval. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { team, member } = signedInMember(context, teamSchedulePort);
  const page = await team.postPage(params.id, params.request);
  if (!page) throw data(null, { status: 404 });
  return { member, page };
}

/** Writes the post (a new revision when anything changed: the client is asked again). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { team, member } = signedInMember(context, teamSchedulePort);
  const form = await postedForm(request);
  const outcome = await team.savePost(params.id, params.request, form, member.email);
  if (!outcome.ok && outcome.error === "not_found") throw data(null, { status: 404 });
  const values: Partial<Record<PostField, string>> = {};
  for (const name of fields) values[name] = (form.get(name) ?? "").slice(0, 5000);
  if (outcome.ok) {
    const message = outcome.changed
      ? fill(copy.saved, { revision: outcome.revision })
      : copy.unchanged;
    return data({ ok: true, message, errors: {}, values: undefined });
  }
  if (outcome.error === "changed") {
    return data(
      { ok: false, message: copy.errors.changed, errors: {}, values: undefined },
      { status: 409 },
    );
  }
  return data(
    { ok: false, message: undefined, errors: outcome.fieldErrors, values },
    { status: 400 },
  );
}

export default function TeamRequestPost({ loaderData, actionData }: Route.ComponentProps) {
  const { member, page } = loaderData;
  const { post } = page;
  const errors: Partial<Record<PostField, string>> = actionData?.errors ?? {};
  const values = actionData?.values;
  const value = (name: PostField, stored: string) => values?.[name] ?? stored;
  const said = actionData?.message ? { ok: actionData.ok, message: actionData.message } : undefined;
  const stateText = post
    ? {
        approved: states.approved,
        waiting: states.waiting,
        changed: states.changed,
        planned: states.planned,
      }[post.state]
    : undefined;
  return (
    <TeamShell member={member} current={teamSchedulePath}>
      <BackLink href={teamClientPath(page.client.id)}>
        {fill(copy.back, { client: page.client.name })}
      </BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-white">
        {fill(copy.title, { title: page.request.title })}
      </h1>
      <p className="mt-2 text-zinc-300">{fill(copy.client, { client: page.client.name })}</p>
      <p className="mt-1 text-sm text-zinc-400" data-video-approved={page.videoApproved}>
        {page.videoApproved ? copy.videoApproved : copy.videoNotApproved}
      </p>
      {post && stateText ? (
        <p className="mt-1 text-sm text-zinc-200" data-post-state={post.state}>
          {fill(copy.state, { revision: post.revision, state: stateText })}
        </p>
      ) : null}
      {post ? (
        <a
          href={`${teamSchedulePath}${scheduleQuery("week", post.localDate, page.client.id)}`}
          className={buttonClass("ghost", "sm", "-ml-3 mt-2")}
        >
          {states.clientSchedule}
        </a>
      ) : null}
      <OutcomeNotice said={said} />
      {/* A new revision shows the post as stored (hashtags normalised): the form anew. */}
      <Form
        key={post?.revision ?? 0}
        method="post"
        className="mt-6 flex max-w-xl flex-col gap-4"
        noValidate
      >
        <input type="hidden" name="revision" value={post?.revision ?? 0} />
        <Field name="platform" label={copy.platform} error={errors.platform}>
          {(control) => (
            <Select
              {...control}
              name="platform"
              defaultValue={value("platform", post?.platform ?? page.request.platform)}
              options={page.platforms.map((one) => ({ value: one, label: one }))}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="date" label={copy.date} error={errors.date}>
            {(control) => (
              <Input
                {...control}
                name="date"
                type="date"
                required
                defaultValue={value("date", post?.localDate ?? page.request.wishedDate)}
              />
            )}
          </Field>
          <Field name="time" label={copy.time} error={errors.time}>
            {(control) => (
              <Input
                {...control}
                name="time"
                type="time"
                required
                defaultValue={value("time", post?.localTime ?? "")}
              />
            )}
          </Field>
        </div>
        <Field name="timeZone" label={copy.timeZone} error={errors.timeZone}>
          {(control) => (
            <Input
              {...control}
              name="timeZone"
              required
              maxLength={64}
              autoComplete="off"
              defaultValue={value("timeZone", post?.timeZone ?? "Europe/Berlin")}
            />
          )}
        </Field>
        <Field name="caption" label={copy.caption} hint={copy.captionHint} error={errors.caption}>
          {(control) => (
            <Textarea
              {...control}
              name="caption"
              required
              maxLength={2200}
              rows={5}
              defaultValue={value("caption", post?.caption ?? "")}
            />
          )}
        </Field>
        <Field
          name="hashtags"
          label={copy.hashtags}
          hint={copy.hashtagsHint}
          error={errors.hashtags}
        >
          {(control) => (
            <Input
              {...control}
              name="hashtags"
              maxLength={2000}
              autoComplete="off"
              defaultValue={value("hashtags", post?.hashtags.join(" ") ?? "")}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass("primary", "md", "self-start")}>
          {copy.save}
        </button>
      </Form>
    </TeamShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TeamPageError error={error} />;
}
