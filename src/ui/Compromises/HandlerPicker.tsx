import type { ToolRow } from "@agent/events";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";

/** The dispatch table's "Handler" column heading. */
export function HandlerHeader() {
  const { t } = useT("miniPi");
  return (
    <th scope="col" title={t("handlerColumnHint")}>
      {t("handlerColumn")}
    </th>
  );
}

/**
 * The row's handler: pi's own execute, mini-pi's, or the learner's own (a tool of theirs with this
 * name). Every choice keeps pi's definition, so the prompt stays as it is.
 */
export function HandlerPicker({ row }: { row: ToolRow }) {
  const { t } = useT("miniPi");
  const { send } = useSession();
  const offered = row.handlers ?? ["pi"];
  const current = row.handler ?? "pi";
  return (
    <td>
      <select
        aria-label={t("handlerLabel", { tool: row.name })}
        value={current}
        title={t(`handlerHint.${current}`, { defaultValue: t("handlerHint.other") })}
        disabled={offered.length < 2}
        data-handler={current}
        className={`handler-picker handler-picker--${current}`}
        onChange={(e) => send({ type: "set_tool_handler", name: row.name, handler: e.target.value })}
      >
        {offered.map((h) => (
          <option key={h} value={h}>
            {t(`handlerOption.${h}`, { defaultValue: h })}
          </option>
        ))}
      </select>
    </td>
  );
}

/** What a swap changes, said where the swap is made. */
export function HandlerNote({
  onOpenCompromises,
  onOpenLessons,
}: {
  onOpenCompromises: () => void;
  onOpenLessons: () => void;
}) {
  const { t } = useT("miniPi");
  return (
    <p className="muted handler-note">
      {t("swapNote")}{" "}
      <button type="button" className="linkish" onClick={onOpenCompromises}>
        {t("openCompromises")}
      </button>{" "}
      <button type="button" className="linkish" onClick={onOpenLessons}>
        {t("openLessons")}
      </button>
    </p>
  );
}
