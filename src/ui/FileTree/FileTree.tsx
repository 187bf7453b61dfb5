import { treeRows } from "@state/files";
import { useMemo } from "react";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

const CHANGE_LABEL = { create: "new", modify: "changed", delete: "deleted", move: "moved" } as const;

/** The live workspace tree; a file a tool just touched flashes and keeps a small marker until the next reset. */
export function FileTree() {
  const { stores, selection } = useSession();
  const paths = useStore(stores.files, (f) => f.paths);
  const changed = useStore(stores.files, (f) => f.changed);
  const selected = useStore(selection, (s) => s.file);
  const rows = useMemo(() => treeRows(paths), [paths]);
  if (rows.length === 0) return <p className="muted">No files yet.</p>;
  return (
    <ul className="file-tree" aria-label="Workspace files">
      {rows.map((row) => {
        const mark = changed[row.path];
        const label = mark ? CHANGE_LABEL[mark.change] : null;
        return (
          <li key={row.path} style={{ paddingLeft: `${row.depth * 0.9}rem` }}>
            {row.dir ? (
              <span className="file-tree__dir">{row.name}/</span>
            ) : (
              <button
                type="button"
                className="file-tree__file"
                aria-current={selected === row.path ? "true" : undefined}
                onClick={() => selection.selectFile(row.path)}
                title={`Open ${row.path} in the editor`}
              >
                <span key={mark?.seq ?? 0} className={mark ? "file-tree__name flash" : "file-tree__name"}>
                  {row.name}
                </span>
                {label ? (
                  <span className={`file-tree__mark file-tree__mark--${mark?.change}`}>
                    {label}
                    {mark?.source === "tool"
                      ? " by a tool"
                      : mark?.source === "editor"
                        ? " in the editor"
                        : ""}
                  </span>
                ) : null}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
