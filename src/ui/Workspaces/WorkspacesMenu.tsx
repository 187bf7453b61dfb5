import { lazy, Suspense } from "react";
import { useStore } from "../hooks/useStore";
import { loadNamespaces, useT } from "../i18n";
import { TopPopover } from "../Popover/TopPopover";
import { type SaveState, useWorkspaces, type WorkspacesHandle } from "./types";
import "./Workspaces.css";

// The list and the create form, with their strings, load when the menu first opens.
const list = () =>
  Promise.all([import("./WorkspaceList"), loadNamespaces(["workspaceList"])]).then(([m]) => m);
const WorkspaceList = lazy(() => list().then((m) => ({ default: m.WorkspaceList })));
const CreateForm = lazy(() => list().then((m) => ({ default: m.CreateForm })));

const MENU_ID = "workspaces-menu";

/**
 * The top bar's workspace button (its name and a quiet saved / saving / not saved) and its popover:
 * the named workspaces (open, rename, duplicate, delete, create), why the work is not saved when it is
 * not, the space the site uses, and "bring back" after a reset.
 */
export function WorkspacesMenu() {
  const workspaces = useWorkspaces();
  if (!workspaces) return null;
  return <Menu workspaces={workspaces} />;
}

function Menu({ workspaces }: { workspaces: WorkspacesHandle }) {
  const { t, format, language } = useT("workspaces");
  const view = useStore(workspaces.view);
  const name = view.current?.name ?? "…";
  const state = stateWord(view.save, view.mode);
  return (
    <>
      <button
        type="button"
        className="workspaces__button"
        popoverTarget={MENU_ID}
        aria-label={t("button", { name, state: t(`state.${state}`) })}
        title={t("buttonTitle")}
      >
        <span className="workspaces__name">{name}</span>{" "}
        <span className="workspaces__state" data-state={state} aria-hidden="true">
          {t(`state.${state}`)}
        </span>
      </button>
      <TopPopover id={MENU_ID} label={t("menu")} className="workspaces">
        <p className="workspaces__status" role="status">
          {saveSentence(view.save, t, format, language)}
        </p>
        {view.mode === "read-only" && (
          <button
            type="button"
            disabled={view.busy}
            onClick={() => void workspaces.openAsCopy(t("copyName", { name }))}
          >
            {t("openAsCopy")}
          </button>
        )}
        {view.canBringBack && (
          <button type="button" disabled={view.busy} onClick={() => void workspaces.bringBack()}>
            {t("bringBack")}
          </button>
        )}
        <Suspense fallback={null}>
          <WorkspaceList workspaces={workspaces} list={view.list} current={view.current} busy={view.busy} />
          <CreateForm workspaces={workspaces} count={view.list.length} busy={view.busy} />
        </Suspense>
        {view.problem && (
          <p className="workspaces__problem" role="alert">
            {t(`problem.${view.problem.code}`, { detail: view.problem.detail ?? "" })}{" "}
            <button type="button" onClick={workspaces.dismissProblem}>
              {t("dismiss")}
            </button>
          </p>
        )}
        <p className="workspaces__usage">
          {view.usage
            ? t("usage", { used: format.bytes(view.usage.used), quota: bigBytes(view.usage.quota, format) })
            : t("usageUnknown")}{" "}
          {view.persisted === true ? t("persisted") : view.persisted === false ? t("notPersisted") : ""}
        </p>
      </TopPopover>
    </>
  );
}

type StateWord = "starting" | "saving" | "saved" | "notSaved" | "readOnly";

function stateWord(save: SaveState, mode: string): StateWord {
  if (mode === "read-only") return "readOnly";
  if (save.kind === "not_saved") return save.reason === "read-only" ? "readOnly" : "notSaved";
  return save.kind;
}

type T = ReturnType<typeof useT>["t"];
type Format = ReturnType<typeof useT>["format"];

/** The save indicator's full sentence: what happened and, when it did not save, why and what to do. */
export function saveSentence(save: SaveState, t: T, format: Format, language: string): string {
  if (save.kind === "starting") return t("why.starting");
  if (save.kind === "saving") return t("why.saving");
  if (save.kind === "saved")
    return t("why.saved", {
      time: new Date(save.at).toLocaleTimeString(language),
      size: format.bytes(save.bytes),
    });
  if (save.reason === "read-only") return t("why.readOnly");
  if (save.reason === "quota") return t("why.quota");
  if (save.reason === "unavailable") return t("why.unavailable");
  return t("why.error", { detail: save.detail ?? "" });
}

function bigBytes(n: number, format: Format): string {
  return n >= 1024 ** 3 ? `${format.decimal(n / 1024 ** 3)} GB` : format.bytes(n);
}
