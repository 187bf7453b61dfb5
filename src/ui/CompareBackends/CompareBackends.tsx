import { DEFAULT_PI_VERSION, isPiVersionId, PI_VERSIONS, type PiVersionId } from "@core/versions/ids";
import {
  backendKey,
  COMPARE_SIDE_LIMIT_MS,
  type CompareRequest,
  type CompareResult,
  type ContainerAvailability,
  compareChoices,
  HAND_CALL_TOOLS,
  parseBackendKey,
  parseHandArgs,
  sameBackend,
  usesContainer,
} from "@state/compare-backends";
import { PAGE_DRILLS } from "@state/drills";
import { PI_PRESETS, type PiPreset, PRESET_SIDES, presetByFile } from "@state/pi-presets";
import { useEffect, useId, useRef, useState } from "react";
import { useCompare } from "../features";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { localized } from "../ScenarioPlayer/localized";
import { useScenarios, useSession } from "../session-context";
import { ComparePanes } from "./ComparePanes";
import { useBackendName } from "./useBackendName";
import "./CompareBackends.css";

type RunState =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; result: CompareResult; preset?: PiPreset }
  | { status: "cancelled" }
  | { status: "error"; message: string };

const LOADED = "loaded";
const CALL = "call";
const DRILLS = PAGE_DRILLS.filter((d) => d !== "off");

/** The dialog "Compare backends…" opens (loaded on the first click: CompareButton.tsx). */
export default function CompareBackendsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("compareBackends");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="compare" aria-labelledby="compare-title" onClose={onClose}>
      <div className="compare__head">
        <h2 id="compare-title">{t("title")}</h2>
        <form method="dialog">
          <button type="submit">{t("close")}</button>
        </form>
      </div>
      {open ? <CompareForm /> : null}
    </dialog>
  );
}

function CompareForm() {
  const { t, language } = useT("compareBackends");
  const compare = useCompare();
  const { scenarios } = useScenarios();
  const { stores } = useSession();
  const shipped = useStore(scenarios);
  const learnerKind = useStore(stores.files, (f) => f.backendKind);
  const name = useBackendName();
  const ids = {
    scenario: useId(),
    a: useId(),
    b: useId(),
    piA: useId(),
    piB: useId(),
    why: useId(),
    tool: useId(),
    args: useId(),
    argsWhy: useId(),
  };
  // Both sides start on the session's version; two versions on one backend show what changed in pi.
  const sessionPi = useStore(stores.status, (s) => s.piVersion) ?? DEFAULT_PI_VERSION;
  const [piA, setPiA] = useState<PiVersionId>(sessionPi);
  const [piB, setPiB] = useState<PiVersionId>(sessionPi);
  const [loadedTitle, setLoadedTitle] = useState<string | null>(null);
  const [scenario, setScenario] = useState("");
  const [handTool, setHandTool] = useState<string>("find");
  const [handArgs, setHandArgs] = useState('{"pattern": "*.md"}');
  const [a, setA] = useState("memfs");
  const [b, setB] = useState("drill:disk-full");
  const [state, setState] = useState<RunState>({ status: "idle" });
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    void compare.loadedTitle().then(setLoadedTitle, () => setLoadedTitle(null));
    // Closing the dialog cancels a run still going.
    return () => running.current?.abort();
  }, [compare]);
  const pick = scenario || (loadedTitle !== null ? LOADED : (shipped[0]?.file ?? ""));
  const container: ContainerAvailability = compare.container(learnerKind);
  const choices = compareChoices(DRILLS);
  const unavailable = (key: string) => usesContainer(parseBackendKey(key)) && !container.ok;
  const same = sameBackend(parseBackendKey(a), parseBackendKey(b)) && piA === piB;
  const args = pick === CALL ? parseHandArgs(handArgs) : null;
  const canRun =
    pick !== "" &&
    !(pick === CALL && args === null) &&
    !same &&
    !unavailable(a) &&
    !unavailable(b) &&
    state.status !== "running";

  const start = (request: CompareRequest) => {
    const controller = new AbortController();
    running.current = controller;
    setState({ status: "running" });
    compare
      .run(request, controller.signal)
      .then(
        (result) => {
          const preset =
            request.scenario.kind === "shipped" ? presetByFile(request.scenario.file) : undefined;
          setState({ status: "done", result, ...(preset ? { preset } : {}) });
        },
        (e: unknown) =>
          setState(
            e instanceof Error && e.name === "AbortError"
              ? { status: "cancelled" }
              : { status: "error", message: e instanceof Error ? e.message : String(e) },
          ),
      )
      .finally(() => {
        if (running.current === controller) running.current = null;
      });
  };

  const run = () =>
    start({
      scenario:
        pick === LOADED
          ? { kind: "loaded" }
          : pick === CALL
            ? { kind: "call", tool: handTool, args: args ?? {} }
            : { kind: "shipped", file: pick },
      a: parseBackendKey(a),
      b: parseBackendKey(b),
      pi: [piA, piB],
    });
  // A preset sets the form to what it is about (memfs on both sides, one version each) and runs at once.
  const runPreset = (preset: PiPreset) => {
    setScenario(preset.file);
    setA("memfs");
    setB("memfs");
    setPiA(PRESET_SIDES[0]);
    setPiB(PRESET_SIDES[1]);
    start({
      scenario: { kind: "shipped", file: preset.file },
      a: { kind: "memfs" },
      b: { kind: "memfs" },
      pi: PRESET_SIDES,
    });
  };

  const why = !container.ok
    ? container.reason === "missing"
      ? t("whyMissing", { list: container.missing.map((m) => t(`backends:missing_${m}`)).join(" ") })
      : t(`why.${container.reason}`)
    : "";
  const backendSelect = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label className="compare__field" htmlFor={id}>
      <span>{label}</span>
      <select
        id={id}
        value={value}
        onChange={(e) => set(e.target.value)}
        disabled={state.status === "running"}
      >
        {choices.map((c) => {
          const key = backendKey(c);
          return (
            <option key={key} value={key} disabled={unavailable(key)}>
              {name(c, container.ok && container.fake)}
              {unavailable(key) ? ` — ${t("unavailable")}` : ""}
            </option>
          );
        })}
      </select>
    </label>
  );

  const versionSelect = (id: string, label: string, value: PiVersionId, set: (v: PiVersionId) => void) => (
    <label className="compare__field" htmlFor={id}>
      <span>{label}</span>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          if (isPiVersionId(e.target.value)) set(e.target.value);
        }}
        disabled={state.status === "running"}
      >
        {PI_VERSIONS.map((v) => (
          <option key={v.id} value={v.id}>
            {t(`topBar:piVersionOption_${v.id.replaceAll(".", "_")}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="compare__body">
      <p className="muted compare__intro">{t("intro")}</p>
      <fieldset className="compare__presets" disabled={state.status === "running"}>
        <legend>{t("presetsTitle")}</legend>
        {PI_PRESETS.map((p) => (
          <button key={p.id} type="button" data-preset={p.id} onClick={() => runPreset(p)}>
            {t(`preset.${p.id}.label`)}
          </button>
        ))}
      </fieldset>
      <div className="compare__form">
        <label className="compare__field" htmlFor={ids.scenario}>
          <span>{t("scenario")}</span>
          <select
            id={ids.scenario}
            value={pick}
            onChange={(e) => setScenario(e.target.value)}
            disabled={state.status === "running"}
          >
            {loadedTitle !== null ? (
              <option value={LOADED}>{t("loaded", { title: loadedTitle })}</option>
            ) : null}
            <option value={CALL}>{t("handCall")}</option>
            {shipped.map((s) => (
              <option key={s.file} value={s.file}>
                {localized(s, language).title}
              </option>
            ))}
            <optgroup label={t("presetsTitle")}>
              {PI_PRESETS.map((p) => (
                <option key={p.file} value={p.file}>
                  {t(`preset.${p.id}.label`)}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        {pick === CALL ? (
          <>
            <label className="compare__field" htmlFor={ids.tool}>
              <span>{t("handTool")}</span>
              <select
                id={ids.tool}
                value={handTool}
                onChange={(e) => setHandTool(e.target.value)}
                disabled={state.status === "running"}
              >
                {HAND_CALL_TOOLS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="compare__field compare__args-field" htmlFor={ids.args}>
              <span>{t("handArgs")}</span>
              <input
                id={ids.args}
                value={handArgs}
                spellCheck={false}
                onChange={(e) => setHandArgs(e.target.value)}
                disabled={state.status === "running"}
                aria-invalid={args === null}
                aria-describedby={args === null ? ids.argsWhy : undefined}
              />
              {args === null ? (
                <span id={ids.argsWhy} className="error">
                  {t("handArgsInvalid")}
                </span>
              ) : null}
            </label>
          </>
        ) : null}
        {backendSelect(ids.a, t("sideA"), a, setA)}
        {versionSelect(ids.piA, t("versionA"), piA, setPiA)}
        {backendSelect(ids.b, t("sideB"), b, setB)}
        {versionSelect(ids.piB, t("versionB"), piB, setPiB)}
        {state.status === "running" ? (
          <button type="button" onClick={() => running.current?.abort()}>
            {t("cancel")}
          </button>
        ) : (
          <button type="button" className="primary" onClick={run} disabled={!canRun}>
            {t("run")}
          </button>
        )}
      </div>
      {why ? (
        <p id={ids.why} className="compare__why">
          {t("containerWhy", { why })}
        </p>
      ) : null}
      <p role="status" className="compare__status">
        {same ? t("pickTwo") : null}
        {state.status === "running" ? t("running", { seconds: COMPARE_SIDE_LIMIT_MS / 1000 }) : null}
        {state.status === "cancelled" ? t("cancelled") : null}
      </p>
      {state.status === "error" ? <p className="error">{t("error", { message: state.message })}</p> : null}
      {state.status === "done" ? (
        <ComparePanes
          result={state.result}
          fake={container.ok && container.fake}
          {...(state.preset ? { preset: state.preset } : {})}
        />
      ) : null}
    </div>
  );
}
