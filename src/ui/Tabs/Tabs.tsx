import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import "./Tabs.css";

export interface TabSpec<K extends string> {
  key: K;
  label: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: {
  label: string;
  tabs: readonly TabSpec<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  className?: string;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === selected);
    let next = -1;
    if (e.key === "ArrowRight") next = (i + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(tabs[next].key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={`tabs ${className ?? ""}`}>
      <div role="tablist" aria-label={label} className="tabs__list" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${base}-tab-${t.key}`}
            aria-selected={t.key === selected}
            aria-controls={`${base}-panel`}
            tabIndex={t.key === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
