import { panelOpen } from "@state/prefs";
import { PANELS } from "../App/panels";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { PANELS_BUTTON_ID } from "../Panel/Panel";
import { TopPopover } from "../Popover/TopPopover";
import { usePrefs } from "../session-context";
import "./PanelsMenu.css";

const MENU_ID = "panels-menu";

/**
 * The top bar's Panels button and its popover: one checkbox per panel, for the current mode only
 * (projector mode and normal mode each keep their own choice). The `1`–`7` keys do the same.
 */
export function PanelsMenu() {
  const prefs = usePrefs();
  const { t } = useT("panelsMenu");
  const projector = useStore(prefs, (p) => p.projector);
  const open = useStore(prefs, (p) => PANELS.map((s) => panelOpen(p, s.id)).join(","));
  const checked = open.split(",").map((o) => o === "true");
  return (
    <>
      <button
        type="button"
        id={PANELS_BUTTON_ID}
        className="panels-menu__button"
        popoverTarget={MENU_ID}
        title={t(projector ? "titleProjector" : "titleNormal")}
      >
        {t("button")}
      </button>
      <TopPopover id={MENU_ID} label={t("menu")} className="panels-menu">
        <fieldset>
          <legend>{t(projector ? "legendProjector" : "legendNormal")}</legend>
          {PANELS.map((s, i) => (
            <label key={s.id} className="panels-menu__item">
              <input type="checkbox" checked={checked[i]} onChange={() => prefs.togglePanel(s.id)} />
              <span>{t(`common:panels.${s.id}.title`)}</span>
              <kbd>{i + 1}</kbd>
            </label>
          ))}
        </fieldset>
        <p className="panels-menu__note">{t(projector ? "noteProjector" : "noteNormal")}</p>
      </TopPopover>
    </>
  );
}
