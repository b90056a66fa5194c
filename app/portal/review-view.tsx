import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { TitledSection } from "~/components/ui/titled-section";
import { portalCuts as copy } from "~/content/portal-cuts";
import type { ReviewComment, ReviewPage } from "~/shared/review-port";
import { fill } from "~/shared/text";
import { OutcomeNotice } from "~/team/outcome-notice";
import { ReviewPlayer } from "./review/review-player";

/**
 * A version of a request's cut, either side (decision 0091): the request's state, the version
 * switcher, the video (a plain native player until the player of `review-player.tsx` takes its
 * place: the same `id`, the same comment form), the comments with their timecodes and a seek
 * button each (`data-seek-frame`), replies, resolve / reopen, and the comment form. Every form
 * works without JavaScript: timecodes are typed and read by the server.
 */
export function ReviewView(props: {
  page: ReviewPage;
  versionHref: (number: number) => string;
  fileUrl: (number: number, file: "poster" | "preview" | "original") => string;
  said?: { ok: boolean; message: string };
  /** The comment form's last values when it was refused (kept for the person to fix). */
  typed?: { frameIn?: string; frameOut?: string; body?: string };
  /** The client's decision form (latest version, undecided) and the original's lock. */
  side: "team" | "client";
}) {
  const { page } = props;
  const { version } = page;
  return (
    <div>
      <p className="mt-2 text-sm">
        <span
          data-request-state={page.state}
          className="rounded-full bg-white/10 px-3 py-1 text-zinc-100"
        >
          {copy.states[page.state]}
        </span>
      </p>
      {page.versions.length > 0 ? (
        <nav aria-label={copy.versionsTitle} className="mt-4 flex flex-wrap gap-2">
          {page.versions.map((one) => (
            <a
              key={one.number}
              href={props.versionHref(one.number)}
              aria-current={one.number === version?.number ? "page" : undefined}
              className={buttonClass(one.number === version?.number ? "light" : "outline", "sm")}
            >
              {fill(copy.version, { number: one.number })}
              {one.decision ? ` · ${copy.decided[one.decision]}` : ""}
            </a>
          ))}
        </nav>
      ) : null}
      <OutcomeNotice said={props.said} />
      {version ? (
        <VersionBody {...props} version={version} />
      ) : (
        <p className="mt-6 text-zinc-300">
          {props.side === "team" ? copy.noVersionTeam : copy.noVersion}
        </p>
      )}
    </div>
  );
}

function VersionBody(
  props: Parameters<typeof ReviewView>[0] & { version: NonNullable<ReviewPage["version"]> },
) {
  const { page, version } = props;
  const n = version.number;
  const topLevel = page.comments.filter((comment) => comment.parentId === null);
  const replies = (id: string) => page.comments.filter((comment) => comment.parentId === id);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="min-w-0">
        <h2 className="text-xl font-bold text-white" data-version={n}>
          {fill(copy.version, { number: n })}
        </h2>
        {version.hasPreview ? (
          <ReviewPlayer
            src={props.fileUrl(n, "preview")}
            poster={version.hasPoster ? props.fileUrl(n, "poster") : undefined}
            frameRate={version.frameRate}
            durationMs={version.durationMs}
            markers={topLevel.flatMap((comment) =>
              comment.frameIn === null
                ? []
                : [
                    {
                      id: comment.id,
                      frameIn: comment.frameIn,
                      frameOut: comment.frameOut,
                      resolved: comment.resolved,
                      label: `${comment.authorName}: ${comment.body}`,
                    },
                  ],
            )}
            commentFormId="comment-form"
            label={fill(copy.version, { number: n })}
          />
        ) : (
          <p className="mt-3 rounded-2xl bg-white/5 p-6 text-zinc-300">
            {page.previews ? copy.previewMissing : copy.previewsOff}
          </p>
        )}
        {version.rateRead ? null : (
          <p className="mt-2 text-sm text-amber-200">
            {fill(copy.rateFallback, { rate: version.frameRate })}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {version.originalOpen ? (
            <a
              href={props.fileUrl(n, "original")}
              className={buttonClass("outline", "sm")}
              download
            >
              {copy.original.download}
            </a>
          ) : (
            <p className="text-sm text-zinc-300" data-original-locked>
              {copy.original.locked}
            </p>
          )}
        </div>
        {props.side === "client" && version.latest && version.decision === null ? (
          <section
            aria-labelledby="decision-title"
            className="mt-6 rounded-2xl border border-white/10 p-4"
          >
            <h3 id="decision-title" className="font-semibold text-white">
              {copy.decision.title}
            </h3>
            <p className="mt-1 text-sm text-zinc-300">{copy.decision.help}</p>
            <Form method="post" className="mt-3 flex flex-col gap-3" id="decision-form">
              <label className="text-sm text-zinc-200" htmlFor="decision-note">
                {copy.decision.note}
              </label>
              <Textarea id="decision-note" name="note" maxLength={page.limits.bodyMax} rows={2} />
              <div className="flex flex-wrap gap-2">
                {(["approve", "changes"] as const).map((intent) => (
                  <button
                    key={intent}
                    type="submit"
                    name="intent"
                    value={intent}
                    className={buttonClass(intent === "approve" ? "primary" : "outline", "md")}
                  >
                    {copy.decision[intent]}
                  </button>
                ))}
              </div>
            </Form>
          </section>
        ) : null}
      </div>
      <TitledSection id="comments-title" title={copy.comments.title} className="min-w-0">
        {topLevel.length === 0 ? (
          <p className="mt-3 text-zinc-400">{copy.comments.none}</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-3" data-comments>
            {topLevel.map((comment) => (
              <li key={comment.id} className="rounded-2xl border border-white/10 bg-surface p-3">
                <CommentBody comment={comment} />
                {replies(comment.id).length > 0 ? (
                  <ol className="mt-2 ml-4 flex flex-col gap-2 border-l border-white/10 pl-3">
                    {replies(comment.id).map((reply) => (
                      <li key={reply.id}>
                        <CommentBody comment={reply} />
                      </li>
                    ))}
                  </ol>
                ) : null}
                <Form method="post" className="mt-2 flex flex-col gap-2">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="parentId" value={comment.id} />
                  <label className="sr-only" htmlFor={`reply-${comment.id}`}>
                    {copy.comments.replyLabel}
                  </label>
                  <Input
                    id={`reply-${comment.id}`}
                    name="body"
                    required
                    maxLength={page.limits.bodyMax}
                    placeholder={copy.comments.replyLabel}
                  />
                  <button type="submit" className={buttonClass("ghost", "sm", "self-start")}>
                    {copy.comments.reply}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" id="comment-form" className="mt-6 flex flex-col gap-3">
          <h3 className="font-semibold text-white">{copy.comments.formTitle}</h3>
          <input type="hidden" name="intent" value="comment" />
          <div className="grid grid-cols-2 gap-2">
            {(["frameIn", "frameOut"] as const).map((field) => (
              // "At" is required and shows the format; "To" is optional (a range).
              // Inputs level whichever label wraps to two lines (justify-between).
              <label
                key={field}
                htmlFor={`comment-${field}`}
                className="flex flex-col justify-between gap-1 text-sm text-zinc-200"
              >
                {copy.comments[field]}
                <Input
                  id={`comment-${field}`}
                  name={field}
                  type="text"
                  inputMode="numeric"
                  required={field === "frameIn"}
                  defaultValue={props.typed?.[field]}
                  placeholder={field === "frameIn" ? "00:00:00:00" : undefined}
                />
              </label>
            ))}
          </div>
          <label htmlFor="comment-body" className="flex flex-col gap-1 text-sm text-zinc-200">
            {copy.comments.body}
            <Textarea
              id="comment-body"
              name="body"
              required
              maxLength={page.limits.bodyMax}
              defaultValue={props.typed?.body}
              rows={3}
            />
          </label>
          <button type="submit" className={buttonClass("primary", "md", "self-start")}>
            {copy.comments.submit}
          </button>
        </Form>
      </TitledSection>
    </div>
  );
}

function CommentBody(props: { comment: ReviewComment }) {
  const { comment } = props;
  const author = comment.byViewer
    ? copy.comments.you
    : comment.authorSide === "team"
      ? fill(copy.comments.team, { name: comment.authorName })
      : comment.authorName;
  const at =
    comment.timecodeIn === null
      ? null
      : comment.timecodeOut === null
        ? comment.timecodeIn
        : fill(copy.comments.range, { in: comment.timecodeIn, out: comment.timecodeOut });
  return (
    <div data-comment={comment.id} data-resolved={comment.resolved ? "1" : undefined}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {at !== null && comment.frameIn !== null ? (
          <button
            type="button"
            data-seek-frame={comment.frameIn}
            data-seek-frame-out={comment.frameOut ?? undefined}
            className="rounded bg-white/10 px-2 py-0.5 font-mono text-zinc-100"
            aria-label={fill(copy.comments.seek, { timecode: at })}
          >
            {at}
          </button>
        ) : null}
        <span className="font-semibold text-white">{author}</span>
        {comment.resolved ? (
          <span className="rounded-full bg-emerald-400/15 px-2 text-xs text-emerald-200">
            {copy.comments.resolved}
          </span>
        ) : null}
      </div>
      <p className="mt-1 whitespace-pre-line break-words text-zinc-200">{comment.body}</p>
      {comment.parentId === null ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value={comment.resolved ? "reopen" : "resolve"} />
          <input type="hidden" name="commentId" value={comment.id} />
          <button type="submit" className={buttonClass("ghost", "sm", "-ml-3")}>
            {comment.resolved ? copy.comments.reopen : copy.comments.resolve}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
