import { addedMs, type DrillCall, type FaultNote } from "@state/drills";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSession } from "../session-context";
import "./Drills.css";

/**
 * Under a call's result: what the faulty disk did in that call, and which layer of error handling
 * answered (the tool's own words, or the pipeline's catch-all). Nothing for a call the disk never touched.
 */
export function DrillNote({ callId }: { callId: string }) {
  const { stores } = useSession();
  const call = useStore(stores.drills, (d) => d.calls[callId]);
  const { t, format } = useT("drills");
  if (!call?.answer) return null;
  const code = firstCode(call);
  const describe = (f: FaultNote) =>
    t(`kinds.${f.kind}`, { code: f.code ?? "", duration: format.duration(f.ms ?? 0) });
  return (
    <aside className="drill-note" data-answer={call.answer} aria-label={t("noteLabel", { id: callId })}>
      <p className="drill-note__answer">
        {t(`answers.${call.answer}`, { code, duration: format.duration(addedMs(call)) })}
      </p>
      <details>
        <summary>{t("faults", { count: call.faults.length })}</summary>
        <ul className="drill-note__faults">
          {call.faults.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows, in order
            <li key={i}>
              <code>{f.op}</code> <code>{f.path || t("rootPath")}</code>: {describe(f)}
            </li>
          ))}
        </ul>
      </details>
    </aside>
  );
}

function firstCode(call: DrillCall): string {
  return call.faults.find((f) => f.code)?.code ?? "";
}
