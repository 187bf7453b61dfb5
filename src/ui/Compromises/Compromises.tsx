import {
  COMPROMISE_IDS,
  COMPROMISE_TOOL,
  type CompromiseDemo,
  type CompromiseId,
} from "@core/tools/mini-pi/compromises";
import { Fragment, useState } from "react";
import { Dialog } from "../Dialog/Dialog";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
import { DemoResult } from "./DemoResult";
import "./Compromises.css";

type RowState =
  | { status: "running" }
  | { status: "done"; demo: CompromiseDemo }
  | { status: "error"; message: string };

/**
 * The tutorial's compromise table, runnable: one row per thing mini-pi leaves out, each with "Show me",
 * which runs a small scenario on pi's handlers and on mini-pi's in fresh sessions of their own (the
 * learner's session is not touched) and shows the two side by side.
 */
export function CompromisesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("compromises");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="compromises"
      titleId="compromises-title"
      title={t("title")}
      closeLabel={t("close")}
    >
      <p className="muted">{t("intro")}</p>
      {open ? <CompromiseTable /> : null}
    </Dialog>
  );
}

function CompromiseTable() {
  const { t } = useT("compromises");
  const { runCompromise } = useSession();
  const [rows, setRows] = useState<Partial<Record<CompromiseId, RowState>>>({});
  const show = (id: CompromiseId) => {
    setRows((r) => ({ ...r, [id]: { status: "running" } }));
    runCompromise(id).then(
      (demo) => setRows((r) => ({ ...r, [id]: { status: "done", demo } })),
      (e: unknown) =>
        setRows((r) => ({
          ...r,
          [id]: { status: "error", message: e instanceof Error ? e.message : String(e) },
        })),
    );
  };
  return (
    <table className="compromises__table">
      <caption className="sr-only">{t("caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("colCompromise")}</th>
          <th scope="col">{t("colPi")}</th>
          <th scope="col">{t("colMiniPi")}</th>
          <th scope="col">{t("colWhy")}</th>
          <th scope="col">
            <span className="sr-only">{t("showMe")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {COMPROMISE_IDS.map((id) => {
          const state = rows[id];
          return (
            <Fragment key={id}>
              <tr data-row={id} className={state?.status === "done" ? "is-open" : undefined}>
                <th scope="row">
                  {t(`rows.${id}.name`)} <code className="muted">{COMPROMISE_TOOL[id]}</code>
                </th>
                <td>{t(`rows.${id}.pi`)}</td>
                <td>{t(`rows.${id}.miniPi`)}</td>
                <td className="muted">{t(`rows.${id}.why`)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t("showMeLabel", { name: t(`rows.${id}.name`) })}
                    disabled={state?.status === "running" || !runCompromise}
                    onClick={() => show(id)}
                  >
                    {state?.status === "running" ? t("running") : t("showMe")}
                  </button>
                </td>
              </tr>
              {state && state.status !== "running" ? (
                <tr className="compromises__result" data-result={id}>
                  <td colSpan={5}>
                    {state.status === "done" ? (
                      <DemoResult demo={state.demo} />
                    ) : (
                      <p className="error">{t("error", { message: state.message })}</p>
                    )}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
