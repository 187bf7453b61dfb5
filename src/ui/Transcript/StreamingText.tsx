import { useMemo } from "react";
import { useT } from "../i18n";
import { estimatedLines, textParts } from "./text-parts";
import "./StreamingText.css";

/**
 * Characters of a streaming message's text drawn while it streams. The browser lays out a paragraph
 * whole whenever its text changes, so drawing all of a long fast stream each turn grows with its length
 * (a 180 KB text took Chromium 30–110 ms of layout per redraw in the bench, every redraw). While the
 * message streams only its newest characters are drawn, after a line that says how many came before.
 */
export const STREAM_TAIL = 4000;

/**
 * A finished text longer than this is drawn as parts of about this many characters, each a block the
 * browser skips laying out while it is off screen (`content-visibility: auto`). Drawn as one paragraph,
 * the 180 KB text of the bench's stream took 90 ms of layout (60 of them shaping its text) in the frame
 * after the message ended, the one task over 50 ms left in the stream; in parts, the frame lays out the
 * few parts on screen. The whole text stays in the page (found by the browser's search, read by screen
 * readers); a part's size before it is first laid out is an estimate from its length.
 */
export const TEXT_PART = 4000;

export function StreamingText({ text, streaming }: { text: string; streaming: boolean }) {
  const { t, format } = useT("modelPrompt");
  if (streaming && text.length > STREAM_TAIL) {
    const cut = text.length - STREAM_TAIL;
    return (
      <>
        <p className="muted">{t("streamTail", { earlier: format.count(cut) })}</p>
        <p>…{text.slice(cut)}</p>
      </>
    );
  }
  if (text.length <= TEXT_PART) return <p>{text}</p>;
  return <LongText text={text} />;
}

function LongText({ text }: { text: string }) {
  const parts = useMemo(() => textParts(text, TEXT_PART), [text]);
  return (
    <p className="long-text">
      {parts.map((part, i) => (
        <span
          // a part is the same text at the same place for as long as the text is the same
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
          key={i}
          className="long-text__part"
          style={{ containIntrinsicBlockSize: `auto ${estimatedLines(part)}lh` }}
        >
          {part}
        </span>
      ))}
    </p>
  );
}
