import type { FileChanges } from "@agent/file-changes";
import { useT } from "../i18n";
import "./ChangeList.css";

const KINDS = ["added", "changed", "removed"] as const;

/**
 * The files a "yes" adds, changes and removes, every one by name, in a list that scrolls: the counts in
 * the question's text are these lists' lengths, so what is counted is what is shown.
 */
export function ChangeList({ changes }: { changes: FileChanges }) {
  const { t } = useT("confirmDialog");
  const kinds = KINDS.filter((kind) => changes[kind].length > 0);
  if (kinds.length === 0) return <p className="change-list__none">{t("changes.none")}</p>;
  return (
    <div className="change-list">
      {kinds.map((kind) => (
        <section key={kind} className={`change-list__group change-list__group--${kind}`}>
          <h3>{t(`changes.${kind}`, { count: changes[kind].length })}</h3>
          <ul aria-label={t(`changes.${kind}`, { count: changes[kind].length })}>
            {changes[kind].map((path) => (
              <li key={path}>
                <code>{path}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Code the learner is asked to let in, each piece folded until opened. */
export function CodeList({ code }: { code: readonly { name: string; source: string }[] }) {
  const { t } = useT("confirmDialog");
  return (
    <div className="change-list__code">
      <p>{t("changes.code")}</p>
      {code.map((tool) => (
        <details key={tool.name}>
          <summary>{t("changes.tool", { name: tool.name })}</summary>
          <pre>
            <code>{tool.source}</code>
          </pre>
        </details>
      ))}
    </div>
  );
}
