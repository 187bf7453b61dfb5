import type { DemoCall } from "@core/tools/mini-pi/compromises";
import {
  type CallField,
  type CompareFile,
  type CompareResult,
  type CompareSide,
  callRows,
  fileRows,
} from "@state/compare-backends";
import type { PiPreset } from "@state/pi-presets";
import { useT } from "../i18n/index";
import { localized } from "../ScenarioPlayer/localized";
import { useBackendName } from "./useBackendName";

const SIDES = ["a", "b"] as const;

/**
 * The two runs side by side: a column per backend, one row per call (matched by its id, so a row holds
 * the same call on both sides), then the files that differ. A row that differs is outlined and says
 * what differs in words; the panes scroll inside the dialog.
 */
export function ComparePanes({
  result,
  fake,
  preset,
}: {
  result: CompareResult;
  fake: boolean;
  /** the "what changed in pi" preset that ran, whose difference the panes point at */
  preset?: PiPreset;
}) {
  const { t, language } = useT("compareBackends");
  const name = useBackendName();
  const [a, b] = result.sides;
  const { title } = localized({ ...result, description: "" }, language);
  const rows = callRows(a.calls, b.calls);
  const files = fileRows(a.files, b.files);
  const told = JSON.stringify(a.told) !== JSON.stringify(b.told);
  const differing = rows.filter((r) => r.differs.length > 0).length;
  const about = preset?.about;
  const names = [name(a.backend, fake), name(b.backend, fake)];
  return (
    <div className="compare__result" data-differences={differing + files.length}>
      <p className="compare__summary" data-summary>
        {differing + files.length === 0
          ? t("noDifference", { title })
          : t("summary", { title, calls: differing, files: files.length })}
      </p>
      {preset ? (
        <p className="compare__look" data-preset-look={preset.id}>
          <strong>{t("lookAt")}</strong> {t(`preset.${preset.id}.look`)}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard */}
      <section className="compare__panes" aria-label={t("panesLabel")} tabIndex={0}>
        <SideHead side={a} name={names[0] as string} limitMs={result.limitMs} />
        <SideHead side={b} name={names[1] as string} limitMs={result.limitMs} />
        {rows.map((row, n) =>
          SIDES.map((side) => (
            <CallCell
              key={`${row.id}-${side}`}
              call={row[side]}
              side={side}
              index={n + 1}
              differs={row.differs}
              about={about}
            />
          )),
        )}
        {told ? <ToldRows a={a.told ?? []} b={b.told ?? []} about={about === "prompt"} /> : null}
        {a.wire && b.wire ? <WireRows a={a.wire} b={b.wire} about={about === "wire"} /> : null}
        <h3 className={`compare__files-title${about === "files" && files.length > 0 ? " is-about" : ""}`}>
          {files.length === 0 ? t("filesSame") : t("filesDiffer", { count: files.length })}
        </h3>
        {files.map((row) =>
          SIDES.map((side) => (
            <div
              key={`${row.path}-${side}`}
              className="compare__cell is-different"
              data-side={side}
              data-file={row.path}
            >
              <code className="compare__path">{row.path}</code>
              <FileView file={row[side]} />
            </div>
          )),
        )}
      </section>
    </div>
  );
}

function SideHead({ side, name, limitMs }: { side: CompareSide; name: string; limitMs: number }) {
  const { t } = useT("compareBackends");
  return (
    <div className="compare__side-head">
      <h3>
        {name} <span className="compare__pi">· pi {side.pi}</span>
      </h3>
      <p className="muted" data-closure>
        {t("closureHolds")} <code>{side.backendId}</code>
        {side.backend.kind === "drill" ? ` ${t("wrappedByDrill")}` : null}
      </p>
      {side.stopped === "limit" ? (
        <p className="compare__stopped">{t("stopped", { seconds: Math.round(limitMs / 1000) })}</p>
      ) : null}
      {side.error ? <p className="error">{t("sideError", { message: side.error })}</p> : null}
    </div>
  );
}

function CallCell({
  call,
  side,
  index,
  differs,
  about,
}: {
  call: DemoCall | undefined;
  side: "a" | "b";
  index: number;
  differs: CallField[];
  about?: string | undefined;
}) {
  const { t, format } = useT("compareBackends");
  const different = differs.length > 0;
  const what = differs.map((f) => t(`field.${f}`));
  const isAbout = about !== undefined && (differs as string[]).includes(about);
  return (
    <div
      className={`compare__cell${different ? " is-different" : ""}${isAbout ? " is-about" : ""}`}
      data-side={side}
      data-call={index}
      data-differs={different}
      data-about={isAbout || undefined}
    >
      {different ? (
        <p className="compare__differs">
          <strong>{t("differs")}</strong> {what.join(t("listSeparator"))}
        </p>
      ) : null}
      {call ? (
        <>
          <code className="compare__args">
            {index}. {call.tool} {JSON.stringify(call.args)}
          </code>
          <span className={call.isError ? "error" : "compare__ok"}>
            {call.isError ? t("isError") : t("ok")} · {format.duration(call.ms)}
          </span>
          <Cut text={call.text} tail={call.tail} omitted={call.omitted} model />
          {call.structured !== undefined ? (
            <details className="compare__structured" open={differs.includes("structured")}>
              <summary>structuredContent</summary>
              <pre className="compare__text" lang="en" data-verbatim>
                {call.structured}
              </pre>
            </details>
          ) : null}
        </>
      ) : (
        <p className="muted">{t("notCalled")}</p>
      )}
    </div>
  );
}

/**
 * What each side's model was told of the system prompt: with pi 0.73.1 the whole prompt again with
 * every run, with pi 1.6.0 one system message and then patches of the sections that changed.
 */
function ToldRows({ a, b, about }: { a: string[]; b: string[]; about: boolean }) {
  const { t } = useT("compareBackends");
  return (
    <>
      <h3 className={`compare__files-title${about ? " is-about" : ""}`} data-told-title>
        {t("told.title")}
      </h3>
      {[a, b].map((told, n) => (
        <div key={SIDES[n]} className="compare__cell is-different" data-side={SIDES[n]} data-told>
          {told.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once the run has ended
            <details key={i} className="compare__told">
              <summary>
                {t("told.entry", { n: i + 1, chars: text.length })}{" "}
                <code lang="en">{text.split("\n", 1)[0]}</code>
              </summary>
              <pre className="compare__text" lang="en" data-verbatim>
                {text}
              </pre>
            </details>
          ))}
        </div>
      ))}
    </>
  );
}

type Wire = NonNullable<CompareSide["wire"]>;

/**
 * Each side's next model request as its pi-ai wrote it: the body as formatted JSON, each line the other
 * side's body lacks marked, then the headers pi-ai sets itself.
 */
function WireRows({ a, b, about }: { a: Wire; b: Wire; about: boolean }) {
  const { t } = useT("compareBackends");
  const lines = [a, b].map((w) => JSON.stringify(w.body, null, 2).split("\n"));
  const present = lines.map((l) => new Set(l));
  return (
    <>
      <h3 className={`compare__files-title${about ? " is-about" : ""}`} data-wire-title>
        {t("wire.title")}
      </h3>
      {[a, b].map((wire, n) => (
        <div key={SIDES[n]} className="compare__cell is-different" data-side={SIDES[n]} data-wire>
          <pre className="compare__text compare__wire" lang="en" data-verbatim>
            {(lines[n] as string[]).map((line, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed once the run has ended
                key={i}
                className={present[1 - n]?.has(line) ? undefined : "compare__wire-line is-different"}
                data-wire-differs={present[1 - n]?.has(line) ? undefined : true}
              >
                {line}
                {"\n"}
              </span>
            ))}
          </pre>
          <p className="muted">{t("wire.headers")}</p>
          <pre className="compare__text" lang="en" data-verbatim>
            {wire.headers.map(([name, value]) => `${name}: ${value}`).join("\n")}
          </pre>
        </div>
      ))}
    </>
  );
}

/** A long text as its head, a note of how much is not shown, and its tail. */
function Cut({
  text,
  tail,
  omitted,
  model,
}: {
  text: string;
  tail?: string;
  omitted?: number;
  model?: boolean;
}) {
  const { t } = useT("compareBackends");
  const title = model ? t("modelText") : undefined;
  return (
    <>
      <pre className="compare__text" lang="en" data-verbatim title={title}>
        {text}
      </pre>
      {tail !== undefined ? (
        <>
          <p className="compare__cut">{t("cut", { count: omitted ?? 0 })}</p>
          <pre className="compare__text" lang="en" data-verbatim title={title}>
            {tail}
          </pre>
        </>
      ) : null}
    </>
  );
}

function FileView({ file }: { file: CompareFile | undefined }) {
  const { t, format } = useT("compareBackends");
  if (!file) return <p className="muted">{t("fileMissing")}</p>;
  if (file.kind === "binary") return <p>{t("fileBinary", { size: format.bytes(file.bytes) })}</p>;
  if (file.kind === "symlink") return <p>{t("fileLink", { target: file.target })}</p>;
  return <Cut text={file.text} tail={file.tail} omitted={file.omitted} />;
}
