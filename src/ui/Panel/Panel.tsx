import type { ReactNode } from "react";

export function Panel({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-panel={id}>
      <header className="panel__header">
        <h2 id={`${id}-title`}>{title}</h2>
        {hint ? <p className="panel__hint">{hint}</p> : null}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
