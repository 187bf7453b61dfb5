import { formatUsage, type UsageTotals } from "@state/usage";
import "./Usage.css";

/** One model response's tokens and cost, under its assistant message. */
export function UsageLine({ usage }: { usage: UsageTotals | null | undefined }) {
  if (!usage) return null;
  return (
    <p className="usage-line muted" title="Tokens and cost of this response, from the provider's usage">
      {formatUsage(usage)}
    </p>
  );
}
