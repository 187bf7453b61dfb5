import { type TouchHow, type TreeNode, treeRows } from "@state/files";
import { useEffect, useMemo, useRef } from "react";
import { useStore } from "../hooks/useStore";
import { spacers, useVirtualList } from "../hooks/useVirtualList";
import { useT } from "../i18n";
import { useSelection, useSession } from "../session-context";
import "./FileTree.css";

/**
 * A workspace of up to this many rows is drawn whole (every path findable in the page); a larger one,
 * up to the 20,000 files an import may bring, draws the rows near the view and `OVERSCAN` more each side.
 */
const DRAWN_WHOLE = 400;
const OVERSCAN = 60;

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
 *
 * The tree has no scroller of its own: the workspace panel's body scrolls it, with the bar and the backends
 * above it, so its rows are measured against that body.
 */
export function FileTree() {
  const { stores } = useSession();
  const { t } = useT("fileTree");
  const paths = useStore(stores.files, (f) => f.paths);
  const rows = useMemo(() => treeRows(paths), [paths]);
  if (rows.length === 0) return <p className="muted">{t("empty")}</p>;
  return <TreeList rows={rows} />;
}

/** The rows, mounted with the first one, so the list is measured where it sits in the panel. */
function TreeList({ rows }: { rows: readonly TreeNode[] }) {
  const { stores } = useSession();
  const selection = useSelection();
  const { t } = useT("fileTree");
  const changed = useStore(stores.files, (f) => f.changed);
  const touched = useStore(stores.files, (f) => f.touched);
  const selected = useStore(selection, (s) => s.file);
  const list = useRef<HTMLUListElement>(null);
  const drawn = useVirtualList({
    count: rows.length,
    // Outside a panel (no such body) the list is its own scroller, as high as its rows: all are drawn.
    scroller: () => list.current?.closest<HTMLElement>(".panel__body") ?? list.current,
    rowPx: 16,
    overscan: rows.length <= DRAWN_WHOLE ? DRAWN_WHOLE : OVERSCAN,
    start: { top: list },
  });
  // The first path the last call touched comes into view; a row already in view stays put, so the tree
  // does not jump on every call.
  const firstTouched = useMemo(
    () => (touched ? rows.findIndex((row) => touched.paths[row.path] !== undefined) : -1),
    [rows, touched],
  );
  const seq = touched?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again for each call (`seq`)
  useEffect(() => {
    // The list's own scroll, which follows the rows around it as they are drawn and measured: a row far
    // down of 20,000 has only an estimated place until then. (Once per call, so its one read of the
    // scroller's height costs nothing a user would notice; a row already in view is left where it is.)
    const item = drawn.measurementsCache[firstTouched];
    const top = drawn.scrollOffset ?? 0;
    const inView = item && item.start >= top && item.end <= top + (drawn.scrollRect?.height ?? 0);
    if (item && !inView) drawn.scrollToIndex(firstTouched, { align: "auto" });
  }, [drawn, firstTouched, seq]);

  const callKey = touched?.calls[0] ?? "";
  const { items, before, after } = spacers(drawn);
  return (
    <ul className="file-tree" aria-label={t("files")} ref={list}>
      {before > 0 ? <li aria-hidden="true" style={{ height: before }} /> : null}
      {items.map(({ index }) => {
        const row = rows[index];
        const mark = changed[row.path];
        const label = mark ? t(`change.${mark.change}`) : null;
        const how = touched?.paths[row.path];
        return (
          <li
            key={how ? `${row.path} ${callKey}` : row.path}
            data-index={index}
            ref={drawn.measureElement}
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
      {after > 0 ? <li aria-hidden="true" style={{ height: after }} /> : null}
    </ul>
  );
}
