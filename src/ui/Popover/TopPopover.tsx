import type { ReactNode } from "react";
import "./popover.css";

/**
 * A top bar menu: a popover (Esc and a click outside close it, the browser does both) named by `label`,
 * opened by the button whose popoverTarget is `id`, placed under that button by the shared sheet.
 */
export function TopPopover({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div id={id} popover="auto" role="dialog" aria-label={label} className={`${className} top-popover`}>
      {children}
    </div>
  );
}
