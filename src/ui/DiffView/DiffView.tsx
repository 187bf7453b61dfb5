import { useT } from "../i18n";
import { diffCounts, parseDiff } from "./parse-diff";
import "./DiffView.css";

const SIGN = { add: "+", remove: "-", context: " ", skip: " " } as const;

/**
 * edit's numbered diff (`details.diff`) in colour: added lines green with the new file's numbers, removed
 * ones red with the old file's, unchanged context plain, and "..." where lines were left out. The signs
 * stay in the text, so the change reads without colour too.
 */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = parseDiff(diff);
  const { added, removed } = diffCounts(lines);
  const { t } = useT("diffView");
  const said = { add: t("add"), remove: t("remove"), context: t("context"), skip: undefined };
  return (
    <section className="diff-view" aria-label={label}>
      <p className="diff-view__summary muted">{t("summary", { count: added, removed })}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard */}
      <pre className="diff-view__lines" tabIndex={0} data-verbatim="">
        {lines.map((line, i) => (
          // Lines of a diff have no identity beyond their place.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from one string
          <span key={i} className={`diff-line diff-line--${line.kind}`} title={said[line.kind]}>
            <span className="diff-line__num" aria-hidden={line.number === undefined}>
              {line.number ?? ""}
            </span>
            <span className="diff-line__sign">{SIGN[line.kind]}</span>
            <span className="diff-line__text">{line.text}</span>
            {"\n"}
          </span>
        ))}
      </pre>
    </section>
  );
}
