import type { CompromiseDemo, DemoCall, DemoSide } from "@core/tools/mini-pi/compromises";
import { type CallField, callDifferences } from "@state/compare-backends";
import { useEffect, useRef } from "react";
import { useT } from "../i18n/index";

type Field = CallField;

/** The row's demo: the same calls on pi's handlers and on mini-pi's, side by side, differences marked. */
export function DemoResult({ demo }: { demo: CompromiseDemo }) {
  const { t } = useT("compromises");
  const sides: [DemoSide, DemoSide] = [demo.pi, demo.miniPi];
  const fileKeys = Object.keys(demo.pi.files);
  return (
    <div className="demo">
      <p className="demo__notice">
        <strong>{t("notice")}</strong> {t(`rows.${demo.id}.notice`)}
      </p>
      <div className="demo__sides">
        {sides.map((side, s) => {
          const other = sides[1 - s] as DemoSide;
          return (
            <section
              key={side.handler}
              className="demo__side"
              data-side={side.handler}
              aria-label={t(s === 0 ? "sidePi" : "sideMiniPi")}
            >
              <h4>{t(s === 0 ? "sidePi" : "sideMiniPi")}</h4>
              {side.calls.map((c, i) => (
                <Call key={c.id} call={c} diff={callDifferences(c, other.calls[i])} />
              ))}
              {fileKeys.map((path) => {
                const content = side.files[path] ?? null;
                const differs = content !== (other.files[path] ?? null);
                return (
                  <div key={path} className={`demo__file${differs ? " is-different" : ""}`}>
                    <span className="demo__label">
                      {t("fileAfter", { path })}
                      {differs ? <DiffMark /> : null}
                    </span>
                    <pre data-file={path}>{content === null ? t("fileMissing") : content}</pre>
                  </div>
                );
              })}
              {side.execTimeouts.length > 0 ? (
                <p
                  className={`demo__meta${side.execTimeouts.join() !== other.execTimeouts.join() ? " is-different" : ""}`}
                  data-timeouts={side.execTimeouts.join(",")}
                >
                  {t("timeouts", {
                    list: side.execTimeouts
                      .map((x) => (x === null ? t("noTimeout") : t("seconds", { count: x })))
                      .join(", "),
                  })}
                  {side.execTimeouts.join() !== other.execTimeouts.join() ? <DiffMark /> : null}
                </p>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** The end of a long result, scrolled to its last line: where pi's notices and a command's error are. */
function Tail({ text, className, title }: { text: string; className: string; title: string }) {
  const ref = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, []);
  return (
    <pre ref={ref} className={className} title={title}>
      {text}
    </pre>
  );
}

function DiffMark() {
  const { t } = useT("compromises");
  return <span className="demo__diff"> {t("differs")}</span>;
}

function Call({ call, diff }: { call: DemoCall; diff: Set<Field> }) {
  const { t, format } = useT("compromises");
  const mark = (f: Field) => (diff.has(f) ? " is-different" : "");
  return (
    <div className="demo__call" data-error={call.isError}>
      <code className="demo__args">
        {call.tool} {JSON.stringify(call.args)}
      </code>
      <span className={`demo__status${call.isError ? " error" : ""}${mark("status")}`}>
        {call.isError ? t("isError") : t("ok")}
        {diff.has("status") ? <DiffMark /> : null}
      </span>
      <pre className={`demo__text${mark("text")}`} title={t("modelText")}>
        {call.text}
      </pre>
      {call.tail !== undefined ? (
        <>
          <p className="demo__omitted">{t("omitted", { count: call.omitted ?? 0 })}</p>
          <Tail
            text={call.tail}
            className={`demo__text demo__text--tail${mark("text")}`}
            title={t("modelText")}
          />
        </>
      ) : null}
      <ul className="demo__facts">
        <li className={mark("text")}>{t("chars", { count: call.chars })}</li>
        <li className={mark("updates")}>{t("updates", { count: call.updates })}</li>
        <li className={mark("ms")}>{format.duration(call.ms)}</li>
        {call.images > 0 || diff.has("images") ? (
          <li className={mark("images")}>{t("images", { count: call.images })}</li>
        ) : null}
        <li className={mark("details")}>
          {call.detailKeys.length ? t("details", { keys: call.detailKeys.join(", ") }) : t("noDetails")}
        </li>
      </ul>
    </div>
  );
}
