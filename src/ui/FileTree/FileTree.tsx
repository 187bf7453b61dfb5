import { type TouchHow, treeRows } from "@state/files";
import { useEffect, useMemo, useRef } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSelection, useSession } from "../session-context";
import "./FileTree.css";

/** the tag beside a path the last call touched */
function TouchTag({ how }: { how: TouchHow }) {
  const { t } = useT("fileTree");
  return (
    <span className="file-tree__touch" title={t("touchTitle")}>
      {t(`touch.${how}`)}
    </span>
  );
}

/**
 * The live workspace tree. A file a tool just changed flashes and keeps a small marker until the next reset;
 * the paths the last call touched (read, edited, listed…) light up and are scrolled into view, so a learner
 * sees where a call went without reading its arguments.
 */
export function FileTree() {
  const { stores } = useSession();
  const selection = useSelection();
  const { t } = useT("fileTree");
  const paths = useStore(stores.files, (f) => f.paths);
  const changed = useStore(stores.files, (f) => f.changed);
  const touched = useStore(stores.files, (f) => f.touched);
  const selected = useStore(selection, (s) => s.file);
  const rows = useMemo(() => treeRows(paths), [paths]);
  const list = useRef<HTMLUListElement>(null);

  const scrollTo = touched?.seq;
  useEffect(() => {
    if (scrollTo === undefined) return;
    // nearest: a row already in view stays put, so the tree does not jump on every call
    list.current?.querySelector("[data-touched]")?.scrollIntoView({ block: "nearest" });
  }, [scrollTo]);

  if (rows.length === 0) return <p className="muted">{t("empty")}</p>;
  const callKey = touched?.calls[0] ?? "";
  return (
    <ul className="file-tree" aria-label={t("files")} ref={list}>
      {rows.map((row) => {
        const mark = changed[row.path];
        const label = mark ? t(`change.${mark.change}`) : null;
        const how = touched?.paths[row.path];
        return (
          <li
            key={how ? `${row.path} ${callKey}` : row.path}
            style={{ paddingLeft: `${row.depth * 0.9}rem` }}
            className={how ? "file-tree__row is-touched" : "file-tree__row"}
            data-touched={how}
          >
            {row.dir ? (
              <span className="file-tree__dir">
                <span data-verbatim="">{row.name}/</span>
                {how ? <TouchTag how={how} /> : null}
              </span>
            ) : (
              <button
                type="button"
                className="file-tree__file"
                aria-current={selected === row.path ? "true" : undefined}
                onClick={() => selection.selectFile(row.path)}
                title={t("open", { path: row.path })}
              >
                <span
                  key={mark?.seq ?? 0}
                  className={mark ? "file-tree__name flash" : "file-tree__name"}
                  data-verbatim=""
                >
                  {row.name}
                </span>
                {label ? (
                  <span className={`file-tree__mark file-tree__mark--${mark?.change}`}>
                    {t(
                      mark?.source === "tool"
                        ? "by.tool"
                        : mark?.source === "editor"
                          ? "by.editor"
                          : "by.none",
                      { change: label },
                    )}
                  </span>
                ) : null}
                {how ? <TouchTag how={how} /> : null}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
