import { PAGE_DRILLS } from "@state/drills";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { TopPopover } from "../Popover/TopPopover";
import { useSession } from "../session-context";
import "./Drills.css";

const MENU_ID = "drills-menu";

/**
 * The top bar's Drills button and its popover: one radio per drill. The button names the drill in
 * force (from the session's drill_changed event, so the page shows what the worker really does).
 */
export function DrillsMenu() {
  const { stores, send } = useSession();
  const { t } = useT("drills");
  const active = useStore(stores.drills, (d) => d.active);
  const undo = useStore(stores.drills, (d) => d.undo);
  return (
    <>
      <button
        type="button"
        className="drills-menu__button"
        popoverTarget={MENU_ID}
        data-drill={active}
        title={t("buttonTitle")}
      >
        {active === "off" ? t("button") : t("buttonActive", { name: t(`shortNames.${active}`) })}
      </button>
      <TopPopover id={MENU_ID} label={t("dialogLabel")} className="drills-menu">
        <fieldset>
          <legend>{t("legend")}</legend>
          {PAGE_DRILLS.map((id) => (
            <label key={id} className="drills-menu__item">
              <input
                type="radio"
                name="drill"
                value={id}
                checked={active === id}
                onChange={() => send({ type: "set_drill", drill: id })}
              />
              <span>
                <span className="drills-menu__name">{t(`names.${id}`)}</span>
                <span className="drills-menu__about">{t(`about.${id}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {undo ? (
          <div className="drills-menu__undo">
            <p>{t("undoNote")}</p>
            <button type="button" onClick={() => send({ type: "undo_drill" })}>
              {t("undo")}
            </button>
          </div>
        ) : null}
        <p className="drills-menu__note">{t("note")}</p>
      </TopPopover>
    </>
  );
}
