import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { Question as QuestionData } from "./form-fields";

/** One question: its label, hint, control and, when invalid, the message beneath it. */
export function Question(props: {
  question: QuestionData;
  /** The value the server page shows (no-JavaScript re-render); the browser keeps it after. */
  defaultValue: string;
  error?: string;
}) {
  const { question } = props;
  const common = {
    name: question.name,
    required: question.required,
    defaultValue: props.defaultValue,
  };
  return (
    <Field name={question.name} label={question.label} hint={question.hint} error={props.error}>
      {(aria) => {
        switch (question.control.kind) {
          case "select":
            return (
              <Select
                {...aria}
                {...common}
                options={question.control.options}
                placeholder={question.placeholder}
              />
            );
          case "textarea":
            return <Textarea {...aria} {...common} placeholder={question.placeholder} />;
          default:
            return (
              <Input
                {...aria}
                {...common}
                type={question.control.type}
                autoComplete={question.control.autoComplete}
                spellCheck={question.control.spellCheck}
                placeholder={question.placeholder}
              />
            );
        }
      }}
    </Field>
  );
}
