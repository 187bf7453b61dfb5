import { type ContextCheck, checkContextAnswer } from "@state/lesson-context";
import { useId, useState } from "react";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";

/**
 * The context lesson's exercise: the learner reads two numbers off the context gauge (the # column)
 * and the page checks them against the gauge's own arithmetic over the conversation as it is now.
 */
export function ContextExercise({ onPass }: { onPass: () => void }) {
  const { t, format } = useT("lessons");
  const { stores } = useSession();
  const [crossing, setCrossing] = useState("");
  const [costliest, setCostliest] = useState("");
  const [result, setResult] = useState<ContextCheck | null>(null);
  const ids = { crossing: useId(), costliest: useId() };
  const check = () => {
    const { entries } = stores.contextWindow.getSnapshot();
    const promptChars = stores.prompt.getSnapshot().rendered.length;
    const r = checkContextAnswer(entries, promptChars, {
      crossing: Number(crossing),
      costliest: Number(costliest),
    });
    setResult(r);
    if (r.passed) onPass();
  };
  return (
    <form
      className="lesson__answer"
      onSubmit={(e) => {
        e.preventDefault();
        check();
      }}
    >
      <label htmlFor={ids.crossing}>
        {t("context.crossing")}{" "}
        <input
          id={ids.crossing}
          type="number"
          min={1}
          inputMode="numeric"
          value={crossing}
          onChange={(e) => setCrossing(e.target.value)}
        />
      </label>
      <label htmlFor={ids.costliest}>
        {t("context.costliest")}{" "}
        <input
          id={ids.costliest}
          type="number"
          min={1}
          inputMode="numeric"
          value={costliest}
          onChange={(e) => setCostliest(e.target.value)}
        />
      </label>
      <div className="lesson__actions">
        <button type="submit" disabled={crossing === "" || costliest === ""}>
          {t("check")}
        </button>
      </div>
      {result ? (
        <p className={result.passed ? "lesson__pass" : "error"} role="status">
          {result.passed
            ? `${t("pass")} ${t("context.found", {
                crossing: result.crossing,
                costliest: result.costliest,
                tool: result.tool,
                tokens: format.count(result.tokens),
              })}`
            : `${t("fail")} ${t(`context.${result.reason}`)}`}
        </p>
      ) : null}
    </form>
  );
}
