import { schemaFields } from "@state/schema-fields";
import { CodeBlock } from "../CodeBlock/CodeBlock";

/** A tool's parameters as a readable list, with the JSON schema one click away. */
export function SchemaView({ schema }: { schema: unknown }) {
  const fields = schemaFields(schema);
  return (
    <div className="schema">
      {fields.length === 0 ? (
        <p className="muted">No parameters.</p>
      ) : (
        <dl className="schema__fields">
          {fields.map((f) => (
            <div key={f.name} className="schema__field">
              <dt>
                <code>{f.name}</code>{" "}
                <span className="schema__type">{f.items ? `${f.items}[]` : f.type}</span>{" "}
                {f.required ? (
                  <span className="badge">required</span>
                ) : (
                  <span className="muted">optional</span>
                )}
              </dt>
              <dd>{f.description}</dd>
            </div>
          ))}
        </dl>
      )}
      <details>
        <summary>Schema as JSON</summary>
        <CodeBlock label="Parameter schema as JSON">{JSON.stringify(schema, null, 2)}</CodeBlock>
      </details>
    </div>
  );
}
