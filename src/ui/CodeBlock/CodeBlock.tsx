import type { ReactNode } from "react";

/**
 * Preformatted text in a scroll box, named for screen readers. The box takes focus so keyboard users can
 * scroll it (axe: scrollable-region-focusable).
 */
export function CodeBlock({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="code-block-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard */}
      <pre className={`code-block ${className ?? ""}`} tabIndex={0} data-verbatim="">
        {children}
      </pre>
    </section>
  );
}
