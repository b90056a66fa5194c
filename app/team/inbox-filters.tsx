import type { FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { insights } from "~/content/insights";
import { planNames } from "~/content/plans";
import { team } from "~/content/team";
import { directSource } from "~/shared/application-source";
import {
  filtersOn,
  type InboxQuery,
  searchMaxLength,
  unknownSourceFilter,
} from "~/shared/inbox-query";
import { teamPaths } from "~/shared/paths";
import { fill } from "~/shared/text";
import { SelectField } from "./select-field";
import { statusOptions } from "./status-options";

const copy = team.inbox;
const planOptions = planNames.map((plan) => ({ value: plan, label: plan }));

/**
 * The inbox's filters: a GET form, so a filtered inbox is a link like any other. A choice
 * applies as it is made (with JavaScript; the search on Enter); without, "Apply filters" does.
 * On a phone they fold under "Filters (n)"; from 640 px they are always open (app.css).
 */
export function InboxFilters({ query, sources }: { query: InboxQuery; sources: string[] }) {
  const submit = useSubmit();
  const count = filtersOn(query);
  // A choice applies at once; typing in the search does not (Enter or the button applies it).
  // The URL keeps only what is chosen ("Any" is no parameter), as the links the page makes.
  const applyChoice = (event: FormEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    const chosen = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") chosen.append(name, value);
    }
    submit(chosen, { method: "get", action: teamPaths.inbox });
  };
  return (
    <details className="group mt-6 sm:[&::details-content]:[content-visibility:visible] sm:[&::details-content]:[display:contents]">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-2xl border border-white/10 bg-surface px-4 py-3 text-sm font-semibold text-white sm:hidden">
        {fill(copy.filtersCount, { count })}
        <span aria-hidden="true" className="text-zinc-400 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="get"
        action={teamPaths.inbox}
        aria-label={copy.filtersLabel}
        onChange={applyChoice}
        className="mt-2 grid gap-3 rounded-2xl border border-white/10 bg-surface p-4 sm:mt-0 sm:grid-cols-2 lg:grid-cols-6"
      >
        {/* In a view of what needs an answer, the filters narrow it; Owner and Due are theirs. */}
        {query.needsReply ? <input type="hidden" name="view" value="needs" /> : null}
        <AnyOrOneFilter
          name="status"
          label={copy.statusLabel}
          value={query.status}
          options={statusOptions}
        />
        <AnyOrOneFilter
          name="plan"
          label={copy.planLabel}
          value={query.plan}
          options={planOptions}
        />
        <ChoiceFilter
          name="spam"
          label={copy.spamLabel}
          value={query.spam}
          labels={copy.spamOptions}
        />
        <ChoiceFilter
          name="owner"
          label={copy.ownerLabel}
          value={query.owner}
          labels={copy.ownerOptions}
        />
        <ChoiceFilter name="due" label={copy.dueLabel} value={query.due} labels={copy.dueOptions} />
        <ChoiceFilter
          name="reply"
          label={copy.replyLabel}
          value={query.newReply ? "new" : undefined}
          labels={copy.replyOptions}
        />
        <SelectField
          id="filter-source"
          name="source"
          label={insights.filter.label}
          placeholder={copy.any}
          defaultValue={query.source ?? ""}
          options={sourceOptions(sources, query.source)}
        />
        <div className="sm:col-span-2 lg:col-span-3">
          <Field name="filter-q" label={copy.searchLabel} error={query.refusedSearch?.message}>
            {(control) => (
              <Input
                {...control}
                type="search"
                name="q"
                defaultValue={query.q ?? query.refusedSearch?.text ?? ""}
                placeholder={copy.searchPlaceholder}
                maxLength={searchMaxLength}
              />
            )}
          </Field>
        </div>
        {/* Two columns at 1440 px: one held "Apply filters" and pushed "Clear" out of the panel. */}
        <div className="flex items-end gap-2 lg:col-span-2">
          {query.failed ? <input type="hidden" name="failed" value="1" /> : null}
          <button
            type="submit"
            className={buttonClass("primary", "md", "h-12 flex-1 whitespace-nowrap")}
          >
            {copy.apply}
          </button>
          <a
            href={teamPaths.inbox}
            className={buttonClass("ghost", "md", "h-12 whitespace-nowrap")}
          >
            {copy.clear}
          </a>
        </div>
      </Form>
    </details>
  );
}

/** Direct, Not known, then every source seen (and the one asked for, if it is none of them). */
function sourceOptions(sources: string[], chosen: string | undefined) {
  const named = new Set([directSource, unknownSourceFilter]);
  const others = [...new Set([...sources, ...(chosen ? [chosen] : [])])].filter(
    (source) => !named.has(source),
  );
  return [
    { value: directSource, label: insights.sourceWords.direct },
    { value: unknownSourceFilter, label: insights.filter.unknown },
    ...others.map((source) => ({ value: source, label: source })),
  ];
}

/** A filter whose choices are all named by the copy, "" (the default) first. */
function ChoiceFilter(props: {
  name: "spam" | "owner" | "due" | "reply";
  label: string;
  value: string | undefined;
  labels: Record<string, string>;
}) {
  return (
    <Field name={`filter-${props.name}`} label={props.label}>
      {(control) => (
        // One style for every filter: the placeholder is the copy's "" choice, when it has one.
        <Select
          {...control}
          name={props.name}
          defaultValue={props.value ?? ""}
          placeholder={props.labels[""]}
          options={Object.entries(props.labels)
            .filter(([value]) => value !== "")
            .map(([value, label]) => ({ value, label }))}
        />
      )}
    </Field>
  );
}

/** A filter that is "any" (empty) or one of `options`: the URL parameter `name`. */
function AnyOrOneFilter(props: {
  name: "status" | "plan";
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <SelectField
      id={`filter-${props.name}`}
      name={props.name}
      label={props.label}
      placeholder={copy.any}
      defaultValue={props.value ?? ""}
      options={props.options}
    />
  );
}
