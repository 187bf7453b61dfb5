import { useEffect, useRef } from "react";
import type { Shortcut } from "../hooks/useShortcuts";
import { useT } from "../i18n";

/** The `?` sheet: every shortcut the page listens to, from the same list the listener uses. */
export function ShortcutsDialog({
  open,
  shortcuts,
  onClose,
}: {
  open: boolean;
  shortcuts: readonly Shortcut[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useT("shortcutsDialog");
  const keyNames: Record<string, string> = { Escape: "Esc", " ": t("space") };
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="shortcuts" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">{t("title")}</h2>
      <table>
        <tbody>
          {shortcuts.map((s) => (
            <tr key={s.key}>
              <th scope="row">
                <kbd>{keyNames[s.key] ?? s.key}</kbd>
              </th>
              <td>{s.label}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <kbd>Tab</kbd>
            </th>
            <td>{t("tab")}</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit">{t("common:close")}</button>
      </form>
    </dialog>
  );
}
