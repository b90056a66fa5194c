import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { controlClass, Input } from "~/components/ui/input";
import { planNames } from "~/content/plans";
import { team } from "~/content/team";
import { type InboxQuery, searchMaxLength, spamFilters } from "~/shared/inbox-query";
import { teamPaths } from "~/shared/paths";
import { SelectField } from "./select-field";
import { statusOptions } from "./status-options";

const copy = team.inbox;
const planOptions = planNames.map((plan) => ({ value: plan, label: plan }));

/** The inbox's filters: a GET form, so a filtered inbox is a link like any other. */
export function InboxFilters({ query }: { query: InboxQuery }) {
  return (
    <form
      method="get"
      action={teamPaths.inbox}
      aria-label={copy.filtersLabel}
      className="mt-6 grid gap-3 rounded-2xl border border-white/10 bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_2fr_auto]"
    >
      <AnyOrOneFilter
        name="status"
        label={copy.statusLabel}
        value={query.status}
        options={statusOptions}
      />
      <AnyOrOneFilter name="plan" label={copy.planLabel} value={query.plan} options={planOptions} />
      <Field name="filter-spam" label={copy.spamLabel}>
        {(control) => (
          <select
            {...control}
            name="spam"
            defaultValue={query.spam}
            className={`${controlClass} h-12`}
          >
            {spamFilters.map((value) => (
              <option key={value} value={value}>
                {copy.spamOptions[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
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
      <div className="flex items-end gap-2">
        {query.failed ? <input type="hidden" name="failed" value="1" /> : null}
        <button type="submit" className={buttonClass("primary", "md", "h-12 flex-1")}>
          {copy.apply}
        </button>
        <a href={teamPaths.inbox} className={buttonClass("ghost", "md", "h-12")}>
          {copy.clear}
        </a>
      </div>
    </form>
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
