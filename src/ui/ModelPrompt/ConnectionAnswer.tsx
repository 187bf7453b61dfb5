import { MODEL_PRESETS } from "@agent/drivers/model-presets";
import type { ConnectionAnswer, ProviderFailure } from "@agent/drivers/provider-errors";
import type { TFunction } from "i18next";
import { Trans } from "react-i18next";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";

/** Addresses, model ids and fixes' commands stay as written, in code type, inside the page's sentence. */
const CODE = { c: <code /> };

/** The CORS fix for a provider: its preset's, or the general one for a provider the page has no preset for. */
function corsFixKey(provider: string) {
  const preset = MODEL_PRESETS.find((p) => p.provider === provider);
  return `corsFix.${preset ? preset.key : "other"}`;
}

function FailureText({ failure, t }: { failure: ProviderFailure; t: TFunction }) {
  const { language } = useT("modelConnection");
  const values: Record<string, unknown> = { ...failure };
  if (failure.code === "rateLimited" && failure.wait) {
    // as the provider put it (20 s, 1.5 min), in the page's units
    const { amount, unit } = failure.wait;
    const name = unit === "ms" ? "millisecond" : unit === "s" ? "second" : "minute";
    values.time = new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(
      Number(amount),
    );
  }
  const key =
    failure.code === "rateLimited" && failure.wait
      ? "failure.rateLimitedWait"
      : failure.code === "failed" && !failure.said
        ? "failure.failedSilent"
        : `failure.${failure.code}`;
  return (
    <>
      <Trans t={t} i18nKey={key} values={values} components={CODE} />
      {failure.code === "cors" ? (
        <>
          {" "}
          <Trans t={t} i18nKey={corsFixKey(failure.provider)} components={CODE} />
        </>
      ) : null}
      {failure.said ? (
        <>
          {" "}
          {t("said")} <ModelText>{failure.said}</ModelText>
        </>
      ) : null}
    </>
  );
}

/** What Test connection found, in the page's language; what the model or the provider said stays theirs. */
export function ConnectionAnswerText({ answer }: { answer: ConnectionAnswer }) {
  const { t, format } = useT("modelConnection");
  switch (answer.code) {
    case "connected":
      return (
        <>
          <Trans
            t={t}
            i18nKey={answer.reply ? "connected" : "connectedSilent"}
            values={{ model: answer.modelId, url: answer.baseUrl }}
            components={CODE}
          />
          {answer.reply ? (
            <>
              {" "}
              <ModelText>{answer.reply}</ModelText>
            </>
          ) : null}
        </>
      );
    case "timeout":
      return (
        <Trans
          t={t}
          i18nKey="timeout"
          values={{ url: answer.baseUrl, time: format.duration(answer.seconds * 1000) }}
          components={CODE}
        />
      );
    case "failed":
      return <FailureText failure={answer.failure} t={t} />;
  }
}
