import { memo } from "react";
import { useT } from "../i18n";

/**
 * One part of the context bar. Memoised: a new message redraws only the segment it lands in, not the
 * titles of all the others (each a translated string).
 */
export const BarSegment = memo(function BarSegment({
  kind,
  first,
  last,
  tokens,
  width,
  label,
  reportedUpTo,
}: {
  kind: string;
  first: number;
  last: number;
  tokens: number;
  width: string;
  /** a single message's label (a tool's name), if it has one */
  label?: string;
  /** "usage": the last message the provider's figure covers */
  reportedUpTo?: number;
}) {
  const { t, format } = useT("contextGauge");
  const what =
    kind === "prompt"
      ? t("prompt")
      : kind === "usage"
        ? t("reported", { last: (reportedUpTo ?? 0) + 1 })
        : first === last
          ? `${first + 1} ${t(`role.${kind}`)}${label ? ` (${label})` : ""}`
          : t("messages", { first: first + 1, last: last + 1 });
  return (
    <span
      className={`context-gauge__seg context-gauge__seg--${kind}`}
      style={{ width }}
      title={`${what}: ${format.count(tokens)}`}
    />
  );
});
