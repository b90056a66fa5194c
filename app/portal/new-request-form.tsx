import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { TitledSection } from "~/components/ui/titled-section";
import { portal } from "~/content/portal";
import type { NewRequestField } from "~/shared/portal-port";

const copy = portal.client.newRequest;
const platforms = portal.client.platforms.map((name) => ({ value: name, label: name }));

/** The client's form for a new request: a plain form posted to /portal (works without script). */
export function NewRequestForm(props: {
  errors?: Partial<Record<NewRequestField, string>>;
  values?: Partial<Record<NewRequestField, string>>;
  today: string;
}) {
  const sending = useNavigation().state === "submitting";
  const { errors = {}, values = {} } = props;
  return (
    <TitledSection
      id="new-request-title"
      title={copy.title}
      className="rounded-2xl border border-white/10 bg-surface p-5"
    >
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <Field name="title" label={copy.titleLabel} hint={copy.titleHint} error={errors.title}>
          {(control) => (
            <Input {...control} name="title" maxLength={120} required defaultValue={values.title} />
          )}
        </Field>
        <Field name="brief" label={copy.briefLabel} hint={copy.briefHint} error={errors.brief}>
          {(control) => (
            <Textarea
              {...control}
              name="brief"
              maxLength={5000}
              required
              defaultValue={values.brief}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="platform" label={copy.platformLabel} error={errors.platform}>
            {(control) => (
              <Select
                {...control}
                name="platform"
                required
                options={platforms}
                placeholder={copy.platformPlaceholder}
                defaultValue={values.platform ?? ""}
              />
            )}
          </Field>
          <Field name="wishedDate" label={copy.wishedDateLabel} error={errors.wishedDate}>
            {(control) => (
              <Input
                {...control}
                name="wishedDate"
                type="date"
                min={props.today}
                required
                defaultValue={values.wishedDate}
              />
            )}
          </Field>
        </div>
        <button
          type="submit"
          className={buttonClass("primary", "lg", "self-start")}
          disabled={sending}
        >
          {sending ? copy.sending : copy.submit}
        </button>
      </Form>
    </TitledSection>
  );
}
