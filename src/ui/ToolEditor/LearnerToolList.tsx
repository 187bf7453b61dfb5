import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import type { LearnerToolsHandle } from "../session-context";
import { useSession } from "../session-context";

const GUARDS = [
  "guard_sandbox",
  "guard_result",
  "guard_schema",
  "guard_clash",
  "guard_loop",
  "guard_throw",
  "guard_prepare",
] as const;

/** The learner's tool files (on or switched off), the ones a link offered, and where the page guards more. */
export function LearnerToolList({
  handle,
  onEdit,
}: {
  handle: LearnerToolsHandle;
  onEdit(source: string): void;
}) {
  const { stores } = useSession();
  const { t } = useT("toolEditorDialog");
  const tools = useStore(stores.learnerTools, (s) => s.tools);
  const offers = useStore(handle.offers);
  return (
    <aside className="tool-editor__side">
      <h3>{t("yours")}</h3>
      {tools.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <ul className="tool-editor__list">
        {tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code>{" "}
            <span className={tool.enabled ? "muted" : "error"}>
              {tool.enabled ? t("on") : t(tool.disabledReason === "blocked" ? "blocked" : "failed")}
            </span>
            <span className="tool-editor__row-actions">
              <button type="button" onClick={() => onEdit(tool.source)}>
                {t("edit", { name: tool.name })}
              </button>
              <button type="button" onClick={() => handle.remove(tool.name)}>
                {t("remove", { name: tool.name })}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {offers.length > 0 ? (
        <section aria-labelledby="tool-offers-title">
          <h3 id="tool-offers-title">{t("offersTitle")}</h3>
          <p className="muted">{t("offersText")}</p>
          {offers.map((offer) => (
            <div key={offer.name} className="tool-editor__offer">
              <textarea readOnly rows={8} aria-label={offer.name} value={offer.source} />
              <button type="button" onClick={() => handle.accept(offer.name)}>
                {t("accept", { name: offer.name })}
              </button>
              <button type="button" onClick={() => handle.dismiss(offer.name)}>
                {t("dismiss", { name: offer.name })}
              </button>
            </div>
          ))}
        </section>
      ) : null}
      <details className="tool-editor__guards">
        <summary>{t("guardsTitle")}</summary>
        <ul>
          {GUARDS.map((g) => (
            <li key={g}>{t(g)}</li>
          ))}
        </ul>
      </details>
    </aside>
  );
}
