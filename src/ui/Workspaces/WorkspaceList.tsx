import { useId, useState } from "react";
import { useT } from "../i18n";
import { useConfirmations } from "../session-context";
import type { WorkspaceEntry, WorkspacesHandle } from "./types";

// The workspace menu's list and its "new workspace" form: loaded just after the first paint, since the
// menu opens only on a click (WorkspacesMenu.tsx).

export function WorkspaceList(props: {
  workspaces: WorkspacesHandle;
  list: readonly WorkspaceEntry[];
  current: WorkspaceEntry | null;
  busy: boolean;
}) {
  const { t } = useT("workspaceList");
  const confirmations = useConfirmations();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const { workspaces, busy } = props;
  return (
    <ul className="workspaces__list" aria-label={t("list")}>
      {props.list.map((w) => {
        const here = w.id === props.current?.id;
        if (editing === w.id)
          return (
            <li key={w.id}>
              <form
                className="workspaces__row"
                onSubmit={(e) => {
                  e.preventDefault();
                  setEditing(null);
                  void workspaces.rename(w.id, draft);
                }}
              >
                <input
                  aria-label={t("renameLabel", { name: w.name })}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                />
                <button type="submit">{t("save")}</button>
                <button type="button" onClick={() => setEditing(null)}>
                  {t("cancel")}
                </button>
              </form>
            </li>
          );
        return (
          <li key={w.id} className="workspaces__row" aria-current={here ? "true" : undefined}>
            <span className="workspaces__entry">
              {w.name}
              {here && <span className="muted"> {t("here")}</span>}
            </span>
            {!here && (
              <button
                type="button"
                disabled={busy}
                aria-label={t("openNamed", { name: w.name })}
                onClick={() => void workspaces.switchTo(w.id)}
              >
                {t("open")}
              </button>
            )}
            <button
              type="button"
              aria-label={t("renameNamed", { name: w.name })}
              onClick={() => {
                setDraft(w.name);
                setEditing(w.id);
              }}
            >
              {t("rename")}
            </button>
            <button
              type="button"
              disabled={busy}
              aria-label={t("duplicateNamed", { name: w.name })}
              onClick={() => void workspaces.duplicate(w.id, t("workspaces:copyName", { name: w.name }))}
            >
              {t("duplicate")}
            </button>
            {!here && (
              <button
                type="button"
                disabled={busy}
                aria-label={t("deleteNamed", { name: w.name })}
                onClick={async () => {
                  const yes = await confirmations.ask({
                    title: t("deleteAsk.title", { name: w.name }),
                    text: t("deleteAsk.text"),
                    confirm: t("deleteAsk.confirm"),
                    cancel: t("deleteAsk.cancel"),
                  });
                  if (yes) await workspaces.remove(w.id);
                }}
              >
                {t("delete")}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function CreateForm({
  workspaces,
  count,
  busy,
}: {
  workspaces: WorkspacesHandle;
  count: number;
  busy: boolean;
}) {
  const { t } = useT("workspaceList");
  const id = useId();
  const [name, setName] = useState("");
  return (
    <form
      className="workspaces__row"
      onSubmit={(e) => {
        e.preventDefault();
        void workspaces.create(name || t("newDefault", { n: count + 1 }));
      }}
    >
      <label htmlFor={id}>{t("newLabel")}</label>
      <input
        id={id}
        value={name}
        placeholder={t("newDefault", { n: count + 1 })}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" disabled={busy}>
        {t("create")}
      </button>
    </form>
  );
}
