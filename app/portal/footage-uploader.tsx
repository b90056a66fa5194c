import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { portal } from "~/content/portal";
import type { PortalFootage } from "~/shared/portal-port";
import { fill } from "~/shared/text";
import { footageUpload, type UploadTarget, unfinishedUploads } from "./footage-upload.client";
import { durationText, percentOf, sizeText, speedMeter } from "./upload-figures";
import { refusalText } from "./upload-refusal";

const copy = portal.client.request;
const accept = "video/*,audio/*,image/*";
const isMedia = (file: File) => /^(video|audio|image)\//.test(file.type);

type State = "starting" | "sending" | "retrying" | "paused" | "done" | "stopped";

interface Item {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: State;
  /** The per cent it went on from, when it picked up an earlier upload of the same file. */
  resumedAt?: number;
  estimate?: { bytesPerSecond: number; msLeft: number };
  message?: string;
  /** Stopped by a dropped connection or a server error (Resume may work), not by a refusal. */
  retryable?: boolean;
}

/**
 * Adding footage to a request: several files at once (chosen, or dropped on a desk), each with
 * its progress bar, speed and time left, Pause and Resume, and a message in words when it
 * stops. Until the page's script runs (never, without JavaScript) it is hidden and the section
 * says plainly that adding footage needs JavaScript (a <noscript> is not shown by every browser
 * that runs no script: Chromium with scripts turned off by policy parses it as text).
 */
export function FootageUploader(props: {
  requestId: string;
  /** Elsewhere than the client's footage: the team's cuts (decision 0091). */
  target?: UploadTarget;
  footage: PortalFootage[];
  /** An upload's id is being sent from this tab (true) or no longer (false). */
  onSending(id: string, sending: boolean): void;
  /** A file is complete: the list above is read again. */
  onDone(): void;
}) {
  const [ready, setReady] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [unfinished, setUnfinished] = useState<
    { name: string; size: number | null; id: string | undefined }[]
  >([]);
  const [dragging, setDragging] = useState(false);
  const controls = useRef(new Map<string, ReturnType<typeof footageUpload>>());
  const meters = useRef(new Map<string, ReturnType<typeof speedMeter>>());
  const counter = useRef(0);
  const inputId = useId();
  const { requestId } = props;
  const { onSending, onDone } = props;

  useEffect(() => {
    setReady(true);
    unfinishedUploads(requestId).then(setUnfinished, () => setUnfinished([]));
  }, [requestId]);

  const update = (key: string, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function add(files: File[]) {
    const media = files.filter(isMedia);
    setNotes(
      files
        .filter((file) => !isMedia(file))
        .map((file) => fill(copy.notMedia, { name: file.name })),
    );
    for (const file of media) {
      counter.current += 1;
      const key = `${counter.current}`;
      const meter = speedMeter();
      meters.current.set(key, meter);
      let uploadId: string | undefined;
      let sentSoFar = 0;
      let resumed = false;
      let first = true;
      const control = footageUpload(
        requestId,
        file,
        {
          onProgress(sent, total) {
            sentSoFar = sent;
            meter.add(performance.now(), sent);
            const change: Partial<Item> = {
              sent,
              state: "sending",
              estimate: meter.estimate(total),
            };
            if (resumed && first) change.resumedAt = percentOf(sent, total);
            first = false;
            update(key, change);
          },
          onRetry() {
            meter.reset();
            update(key, { state: "retrying", estimate: undefined });
          },
          onDone() {
            if (uploadId) onSending(uploadId, false);
            update(key, { sent: file.size, state: "done", estimate: undefined });
            setUnfinished((all) => all.filter((one) => one.id !== uploadId));
            onDone();
          },
          onStopped(status) {
            if (uploadId) onSending(uploadId, false);
            update(key, {
              state: "stopped",
              estimate: undefined,
              message: refusalText(status, file.name, percentOf(sentSoFar, file.size)),
              retryable: status === undefined || status >= 500,
            });
          },
          onId(id) {
            uploadId = id;
            onSending(id, true);
          },
        },
        props.target,
      );
      controls.current.set(key, control);
      setItems((all) => [
        ...all,
        { key, name: file.name, size: file.size, sent: 0, state: "starting" },
      ]);
      control.start().then(
        (started) => {
          resumed = started.resumed;
        },
        () => update(key, { state: "stopped", message: refusalText(undefined, file.name, 0) }),
      );
    }
  }

  function pause(item: Item) {
    const control = controls.current.get(item.key);
    if (!control) return;
    control.pause().catch(() => undefined);
    meters.current.get(item.key)?.reset();
    update(item.key, { state: "paused", estimate: undefined });
  }

  function resume(item: Item) {
    const control = controls.current.get(item.key);
    if (!control) return;
    meters.current.get(item.key)?.reset();
    update(item.key, { state: "starting", message: undefined });
    control.resume();
  }

  function dropped(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  }

  const sending = new Set(items.map((item) => item.name));
  const waiting = unfinished.filter((one) => !sending.has(one.name));

  return (
    <>
      {ready ? null : (
        <p
          className="mt-3 rounded-xl border border-amber-400/30 bg-amber-400/10 p-4 text-amber-100"
          data-needs-javascript
        >
          {copy.needsJavaScript}
        </p>
      )}
      <div hidden={!ready} data-uploader>
        <p className="mt-2 text-sm text-zinc-300">{copy.addIntro}</p>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is an extra; the button and the input do it all */}
        <div
          className={`mt-4 flex flex-wrap items-center gap-3 rounded-2xl border border-dashed p-5 ${dragging ? "border-brand-400 bg-brand-500/10" : "border-white/20"}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={dropped}
          data-drop-zone
        >
          <label
            className={buttonClass(
              "primary",
              "md",
              "cursor-pointer focus-within:outline-2 focus-within:outline-offset-3",
            )}
          >
            {copy.choose}
            <input
              type="file"
              multiple
              accept={accept}
              className="sr-only"
              onChange={(event) => {
                add(Array.from(event.currentTarget.files ?? []));
                event.currentTarget.value = "";
              }}
            />
          </label>
          <span className="hidden text-sm text-zinc-400 sm:inline">
            {dragging ? copy.dropActive : copy.drop}
          </span>
        </div>
        <div role="status">
          {notes.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-1 text-sm text-amber-200">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
        {waiting.length > 0 ? (
          <section className="mt-4" aria-labelledby={`${inputId}-unfinished`}>
            <h3 id={`${inputId}-unfinished`} className="text-sm font-semibold text-white">
              {copy.unfinishedTitle}
            </h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm text-zinc-300" data-unfinished>
              {waiting.map((one) => {
                const held = props.footage.find((file) => file.id === one.id);
                const name = one.name || copy.unnamed;
                return (
                  <li key={one.id ?? one.name}>
                    {held
                      ? fill(copy.unfinished, {
                          name,
                          percent: percentOf(held.received, held.size),
                        })
                      : fill(copy.unfinishedUnknown, { name })}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {items.length > 0 ? (
          <ul className="mt-4 flex flex-col gap-3">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} pause={pause} resume={resume} />
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

function UploadRow(props: { item: Item; pause(item: Item): void; resume(item: Item): void }) {
  const { item } = props;
  const id = useId();
  const percent = percentOf(item.sent, item.size);
  const status =
    item.state === "done"
      ? fill(copy.file.done, { size: sizeText(item.size) })
      : item.state === "paused"
        ? fill(copy.file.paused, { percent })
        : item.state === "retrying"
          ? copy.file.retrying
          : item.state === "starting"
            ? copy.file.waiting
            : item.state === "stopped"
              ? ""
              : item.estimate
                ? fill(copy.file.progress, {
                    percent,
                    speed: fill(copy.speed, {
                      amount: sizeText(Math.round(item.estimate.bytesPerSecond)),
                    }),
                    left: durationText(item.estimate.msLeft),
                  })
                : fill(copy.file.progressNoSpeed, { percent });
  const canPause =
    item.state === "sending" || item.state === "retrying" || item.state === "starting";
  const canResume =
    item.state === "paused" || (item.state === "stopped" && item.retryable === true);
  return (
    <li
      className="rounded-xl border border-white/10 bg-surface p-4"
      data-upload={item.name}
      data-state={item.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-name`} className="min-w-0 font-medium break-all text-white">
          {item.name || copy.unnamed}
        </span>
        {canPause || canResume ? (
          <button
            type="button"
            className={buttonClass("outline", "sm")}
            aria-label={`${canPause ? copy.file.pause : copy.file.resume} ${item.name}`}
            onClick={() => (canPause ? props.pause(item) : props.resume(item))}
          >
            {canPause ? copy.file.pause : copy.file.resume}
          </button>
        ) : null}
      </div>
      <progress
        className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-white/10 [&::-moz-progress-bar]:bg-brand-500 [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-gradient-to-r [&::-webkit-progress-value]:from-brand-500 [&::-webkit-progress-value]:to-flame-500"
        max={Math.max(1, item.size)}
        value={item.sent}
        aria-labelledby={`${id}-name`}
      />
      <p className="mt-1 text-sm text-zinc-300" data-status>
        {status}
      </p>
      {item.resumedAt !== undefined ? (
        <p className="mt-1 text-xs text-zinc-400" data-resumed>
          {fill(copy.file.resuming, { percent: item.resumedAt })}
        </p>
      ) : null}
      {item.message ? (
        <p className="mt-1 text-sm text-amber-200" role="alert">
          {item.message}
        </p>
      ) : null}
    </li>
  );
}
