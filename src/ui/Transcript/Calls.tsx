import type { TranscriptEntry } from "@state/transcript";
import { useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { OutsideNote } from "../Compromises/OutsideNote";
import { useT } from "../i18n";

type Call = Extract<TranscriptEntry, { kind: "assistant" }>["toolCalls"][number];

/**
 * How many of a reply's calls are drawn at first, and how many more each press adds. A reply can ask for
 * 5,000 calls; drawn whole, each call's status change redrew them all (half a second a time). The
 * results below the reply are each an entry of their own, so nothing is out of reach.
 */
const FIRST = 50;
const MORE = 200;

/** The tool calls a reply asks for: each call's name, id, status, arguments. */
export function Calls({
  calls,
  status,
  elapsed,
  selectedCall,
  onSelect,
}: {
  calls: readonly Call[];
  status: Readonly<Record<string, string>>;
  elapsed: Readonly<Record<string, number>>;
  selectedCall: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, format } = useT("transcript");
  const [shown, setShown] = useState(FIRST);
  const rest = calls.length - shown;
  return (
    <>
      {calls.slice(0, shown).map((c) => (
        <div key={c.id} className={`call${selectedCall === c.id ? " is-selected" : ""}`} data-call={c.id}>
          <div className="call__head">
            <span className="call__label">{t("toolCall")}</span>
            <code className="call__name">{c.name}</code>
            <button
              type="button"
              className="linkish call__id"
              aria-pressed={selectedCall === c.id}
              onClick={() => onSelect(c.id)}
              title={t("highlightCall")}
            >
              {c.id}
            </button>
            <span className={`status status--${status[c.id] ?? "pending"}`}>
              {t(`status.${status[c.id] ?? "pending"}`)}
            </span>
          </div>
          <CodeBlock label={t("argsOf", { id: c.id })}>{JSON.stringify(c.args, null, 2)}</CodeBlock>
          <OutsideNote args={c.args} />
          {status[c.id] === "running" && elapsed[c.id] !== undefined ? (
            <p className="call__wait" data-elapsed-ms={elapsed[c.id]}>
              {t("wait", { seconds: format.count(Math.round(elapsed[c.id] / 1000)) })} <code>{c.name}</code>{" "}
              {t("waitAfter")}
            </p>
          ) : null}
        </div>
      ))}
      {rest > 0 ? (
        <p className="call__more">
          {t("moreCalls", { count: rest, shown: format.count(rest) })}{" "}
          <button type="button" className="linkish" onClick={() => setShown((n) => n + MORE)}>
            {t("showMoreCalls", { count: Math.min(MORE, rest) })}
          </button>
        </p>
      ) : null}
    </>
  );
}
