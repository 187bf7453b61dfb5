import { schemaFields } from "@state/schema-fields";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";
import "./SchemaView.css";

/** A tool's parameters as a readable list, with the JSON schema one click away. */
export function SchemaView({ schema }: { schema: unknown }) {
  const fields = schemaFields(schema);
  const { t } = useT("schemaView");
  return (
    <div className="schema">
      {fields.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <dl className="schema__fields">
          {fields.map((f) => (
            <div key={f.name} className="schema__field">
              <dt>
                <code>{f.name}</code>{" "}
                <span className="schema__type">{f.items ? `${f.items}[]` : f.type}</span>{" "}
                {f.required ? (
                  <span className="badge">{t("required")}</span>
                ) : (
                  <span className="muted">{t("optional")}</span>
                )}
              </dt>
              <dd>
                <ModelText>{f.description}</ModelText>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <details>
        <summary>{t("json")}</summary>
        <CodeBlock label={t("jsonLabel")}>{JSON.stringify(schema, null, 2)}</CodeBlock>
      </details>
    </div>
  );
}
