import { useRef } from "react";
import { Only, ReplayFeature, useReplay } from "../features";
import { useT } from "../i18n";

/**
 * "Import events…": picks (or takes dropped) an events file (JSON Lines, as "Export events" writes it)
 * or a pi session file, and shows it in the panels. What went wrong, if anything, is said in the replay bar (ReplayBar).
 */
export function ImportEventsButton() {
  return (
    <Only feature={ReplayFeature}>
      <ImportButton />
    </Only>
  );
}

function ImportButton() {
  const replay = useReplay();
  const { t } = useT("replay");
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="app__events-file"
        onClick={() => input.current?.click()}
        title={t("importTitle")}
        // A file dropped on the button opens as a picked one would.
        onDragOver={(e) => {
          if (![...e.dataTransfer.types].includes("Files")) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
        }}
        onDrop={(e) => {
          const file = e.dataTransfer.files[0];
          if (!file) return;
          e.preventDefault();
          void replay.importFile(file);
        }}
      >
        {t("import")}
      </button>
      <input
        ref={input}
        type="file"
        accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
        hidden
        aria-label={t("import")}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file picked again must still fire a change.
          e.target.value = "";
          if (file) void replay.importFile(file);
        }}
      />
    </>
  );
}
