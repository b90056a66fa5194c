import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { team } from "~/content/team";
import type { ApplicationView } from "~/shared/application-port";
import { ownEntry } from "~/shared/own-entry";
import { deliveryErrorSentence } from "./delivery-error";
import { ListOrNone } from "./list-or-none";
import { Moment } from "./moment";
import { SourcePanel } from "./source-panel";

const copy = team.application;

/**
 * What a member looks at now and then, folded under one Details: where it came from, every
 * delivery (its error as a sentence, the raw line folded), the audit log.
 */
export function ApplicationDetails(props: { view: ApplicationView; action: string }) {
  const { view } = props;
  return (
    <details
      id="details"
      className="group scroll-mt-4 rounded-2xl border border-white/10 bg-surface p-5"
    >
      <summary className="cursor-pointer text-lg font-bold text-white">
        {copy.detailsTitle}
        <span className="ml-2 text-sm font-normal text-zinc-400">{copy.detailsHint}</span>
      </summary>
      <div className="mt-4 flex flex-col gap-6">
        <SourcePanel source={view.source} />
        <Deliveries view={view} action={props.action} />
        <Audit view={view} />
      </div>
    </details>
  );
}

/** Retry for the deliveries that failed for good: at the top (the failure) and in Details. */
export function RetryForm({ action }: { action: string }) {
  return (
    <Form method="post" action={action} preventScrollReset className="flex items-center gap-3">
      <input type="hidden" name="intent" value="retry" />
      <span className="text-sm text-zinc-400">{copy.retryHint}</span>
      <button type="submit" className={buttonClass("outline", "sm")}>
        {copy.retry}
      </button>
    </Form>
  );
}

function Deliveries({ view, action }: { view: ApplicationView; action: string }) {
  const failed = view.deliveries.some((delivery) => delivery.status === "failed");
  return (
    <section aria-labelledby="deliveries-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="deliveries-title" className="text-base font-bold text-white">
          {copy.deliveriesTitle}
        </h3>
        {failed ? <RetryForm action={action} /> : null}
      </div>
      <ListOrNone items={view.deliveries} none={copy.noDeliveries} className="gap-2">
        {(delivery) => {
          const sentence = deliveryErrorSentence(delivery);
          return (
            <li key={delivery.id} className="rounded-xl bg-white/5 px-3 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-zinc-100">
                <span className="font-semibold">
                  {ownEntry(team.deliveryKinds, delivery.kind)?.label ?? delivery.kind}
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${delivery.status === "failed" ? "bg-rose-500/20 text-rose-200" : delivery.status === "done" ? "bg-emerald-400/15 text-emerald-200" : "bg-white/10 text-zinc-200"}`}
                >
                  {ownEntry<string>(copy.deliveryStatuses, delivery.status) ?? delivery.status}
                </span>
                <span className="text-xs text-zinc-400">
                  <Moment ms={delivery.updatedAt} />
                  {delivery.attempts > 1 ? ` · ${copy.attempts} ${delivery.attempts}` : null}
                </span>
              </p>
              {delivery.status === "pending" && delivery.attempts > 0 ? (
                <p className="mt-1 text-xs text-zinc-400">
                  {copy.nextAttempt} <Moment ms={delivery.nextAttemptAt} />
                </p>
              ) : null}
              {delivery.status === "skipped" && delivery.skipReason ? (
                <p className="mt-1 text-zinc-300">
                  {copy.skipReason}:{" "}
                  {ownEntry<string>(copy.skipReasons, delivery.skipReason) ?? delivery.skipReason}
                </p>
              ) : null}
              {sentence && delivery.status !== "done" ? (
                <>
                  <p className="mt-1 text-rose-200">{sentence}</p>
                  {delivery.lastError ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs text-zinc-400">
                        {copy.rawError}
                      </summary>
                      <p className="mt-1 font-mono text-xs break-words text-zinc-300">
                        {delivery.lastError}
                      </p>
                    </details>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        }}
      </ListOrNone>
    </section>
  );
}

function Audit({ view }: { view: ApplicationView }) {
  const auditText = (action: string, detail: string) => {
    const template =
      action === "assign" && !detail
        ? copy.auditActions.unassign
        : (ownEntry<string>(copy.auditActions, action) ?? action);
    const shown =
      action === "status" ? (ownEntry<string>(team.statuses, detail) ?? detail) : detail;
    return template.replace("{detail}", shown);
  };
  return (
    <section aria-labelledby="audit-title">
      <h3 id="audit-title" className="text-base font-bold text-white">
        {copy.auditTitle}
      </h3>
      <ListOrNone items={view.audit} none={copy.noAudit} className="gap-2 text-sm" ordered>
        {(line) => (
          <li key={line.id} className="rounded-xl bg-white/5 px-3 py-2">
            <span className="text-zinc-400">
              <Moment ms={line.createdAt} />
            </span>{" "}
            <span className="text-zinc-100">
              {line.memberEmail} {auditText(line.action, line.detail)}
            </span>
          </li>
        )}
      </ListOrNone>
    </section>
  );
}
