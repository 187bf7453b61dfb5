import type { RestoredPlayerNote, RestoredWorkspace } from "@state/restored-player";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useScenarios } from "../session-context";
import { localized } from "./localized";
import "./RestoredNote.css";

/** The workspace this load restored (and the scenario it had), or null. */
export function useRestored(): RestoredWorkspace {
  return useStore(useScenarios().restored);
}

/**
 * In the player after a reload restored the workspace: why nothing is loaded to play, what loading a
 * scenario does to the restored files, and the scenario loaded before, one click away when the page has it.
 */
export function RestoredNote({ note, onLoad }: { note: RestoredPlayerNote; onLoad(file: string): void }) {
  const { t, language } = useT("scenarioPlayer");
  const { scenarios } = useScenarios();
  const entry = useStore(scenarios, (list) =>
    note.kind === "again" ? list.find((s) => s.file === note.file) : undefined,
  );
  const title = entry ? localized(entry, language).title : note.kind === "pick" ? "" : note.title;
  return (
    <div className="player__restored" role="status">
      <p>{t("restored.kept")}</p>
      <p>{note.kind === "pick" ? t("restored.pick") : t(`restored.${note.kind}`, { title })}</p>
      {note.kind === "again" ? (
        <button type="button" className="primary" onClick={() => onLoad(note.file)}>
          {t("restored.load", { title })}
        </button>
      ) : null}
    </div>
  );
}
