import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import type { LearnerToolsHandle } from "../session-context";
import "./ToolOffers.css";

/**
 * Tools that came with someone else's work (a link), shown where the table is: each one's name and its
 * code, read-only, and nothing registered until the learner accepts it. Declining forgets it.
 */
export function ToolOffers({ handle }: { handle: LearnerToolsHandle }) {
  const { t } = useT("toolOffers");
  const offers = useStore(handle.offers);
  if (offers.length === 0) return null;
  return (
    <section className="tool-offers" aria-labelledby="tool-offers-banner-title">
      <h3 id="tool-offers-banner-title">{t("title", { count: offers.length })}</h3>
      <p className="muted">{t("text")}</p>
      <ul className="tool-offers__list">
        {offers.map((offer) => (
          <li key={offer.name} data-offer={offer.name}>
            <code>{offer.name}</code>
            {offer.replaces ? (
              <span className="muted"> {t("replaces", { name: offer.replaces })}</span>
            ) : null}
            <details>
              <summary>{t("showCode", { name: offer.name })}</summary>
              <textarea
                readOnly
                rows={10}
                spellCheck={false}
                aria-label={t("codeOf", { name: offer.name })}
                value={offer.source}
              />
            </details>
            <span className="tool-offers__actions">
              <button type="button" onClick={() => handle.accept(offer.name)}>
                {t("accept", { name: offer.name })}
              </button>
              <button type="button" onClick={() => handle.dismiss(offer.name)}>
                {t("decline", { name: offer.name })}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {offers.length > 1 ? (
        <p className="tool-offers__actions">
          <button type="button" onClick={() => handle.acceptAll()}>
            {t("acceptAll", { count: offers.length })}
          </button>
          <button
            type="button"
            onClick={() => {
              for (const o of offers) handle.dismiss(o.name);
            }}
          >
            {t("declineAll")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
