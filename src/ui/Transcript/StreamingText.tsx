import { useT } from "../i18n";

/**
 * Characters of a streaming message's text drawn while it streams. The browser lays out a paragraph
 * whole whenever its text changes, so drawing all of a long fast stream each turn grows with its length
 * (a 180 KB text took Chromium 30–110 ms of layout per redraw in the bench, every redraw). While the
 * message streams only its newest characters are drawn, after a line that says how many came before;
 * when it ends, the whole text is drawn once.
 */
export const STREAM_TAIL = 4000;

export function StreamingText({ text, streaming }: { text: string; streaming: boolean }) {
  const { t, format } = useT("modelPrompt");
  if (!streaming || text.length <= STREAM_TAIL) return <p>{text}</p>;
  const cut = text.length - STREAM_TAIL;
  return (
    <>
      <p className="muted">{t("streamTail", { earlier: format.count(cut) })}</p>
      <p>…{text.slice(cut)}</p>
    </>
  );
}
