import { type ReactNode, useState } from "react";
import { Only, ShareFeature, useShare } from "../features";
import { useT } from "../i18n";
import { dropEntries, pickedFromDrop } from "./read-drop";
import { useImport } from "./useImport";

const carriesFiles = (e: React.DragEvent) => [...e.dataTransfer.types].includes("Files");

/**
 * The workspace tree as a drop target: files and folders dropped on it are added to the workspace (the
 * buttons under "Files and sharing" do the same from the keyboard).
 */
export function DropZone({ children }: { children: ReactNode }) {
  // Without file sharing the tree is just the tree.
  return (
    <Only feature={ShareFeature} fallback={children}>
      <Zone>{children}</Zone>
    </Only>
  );
}

function Zone({ children }: { children: ReactNode }) {
  const share = useShare();
  const { t } = useT("share");
  const [over, setOver] = useState(false);
  const run = useImport();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the buttons under "Files and sharing" do the same from the keyboard
    <div
      className="share-drop"
      data-over={over}
      title={t("dropLabel")}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(false);
        const dropped = dropEntries(e.dataTransfer);
        void run(async () => share.preparePicked(await pickedFromDrop(dropped)));
      }}
    >
      {children}
      {over ? <div className="share-drop__hint">{t("dropHere")}</div> : null}
    </div>
  );
}
