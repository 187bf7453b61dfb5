import { type ReactNode, useEffect, useRef } from "react";
import { useT } from "../i18n";
import "./Dialog.css";

/**
 * The frame the page's dialogs share: a <dialog> named by its heading, shown while `open` is true, with
 * the heading, anything `head` adds and a Close button in one row above the content. The browser moves
 * the focus into the dialog when it opens (to the Close button, the first control) and back when it
 * closes. Esc closes this dialog and only it: the page's own Esc (abort the run) does not see the key,
 * and a dialog beside the page (`modal` false), which the browser does not close on Esc, closes too.
 */
export function Dialog({
  open,
  onClose,
  modal = true,
  className,
  titleId,
  title,
  head,
  closeLabel,
  children,
}: {
  open: boolean;
  /** called once the dialog has closed, however it was closed */
  onClose: () => void;
  /** false: a dialog beside the page (the rest of the page stays usable) */
  modal?: boolean;
  className: string;
  /** the heading's id, which names the dialog */
  titleId: string;
  title: ReactNode;
  /** more of the head row, between the heading and the Close button */
  head?: ReactNode;
  /** the Close button's label; "Close" in the page's language when not given */
  closeLabel?: string;
  children: ReactNode;
}) {
  const { t } = useT("common");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (modal) dialog.showModal();
      else dialog.show();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, modal]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        e.preventDefault();
        ref.current?.close();
      }}
    >
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        {head}
        <button type="button" onClick={() => ref.current?.close()}>
          {closeLabel ?? t("close")}
        </button>
      </div>
      {children}
    </dialog>
  );
}
