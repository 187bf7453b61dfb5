import { formatCost, type UsageTotals } from "@state/usage";
import { useT } from "../i18n";
import "./Usage.css";

/** "in 1,234 · out 56 · cache 0 · $0.0012" in the page's language (cache = read from and written to it). */
export function useUsageText() {
  const { t, format } = useT("usage");
  return (u: UsageTotals) =>
    t("line", {
      input: format.count(u.input),
      output: format.count(u.output),
      cache: format.count(u.cacheRead + u.cacheWrite),
      cost: formatCost(u.cost),
    });
}

/** One model response's tokens and cost, under its assistant message. */
export function UsageLine({ usage }: { usage: UsageTotals | null | undefined }) {
  const { t } = useT("usage");
  const text = useUsageText();
  if (!usage) return null;
  return (
    <p className="usage-line muted" title={t("title")}>
      {text(usage)}
    </p>
  );
}
