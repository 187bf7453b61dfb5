import { Dialog } from "../Dialog/Dialog";
import type { Shortcut } from "../hooks/useShortcuts";
import { useT } from "../i18n";
import "./ShortcutsDialog.css";

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
  const { t } = useT("shortcutsDialog");
  const keyNames: Record<string, string> = { Escape: "Esc", " ": t("space") };
  return (
    <Dialog open={open} onClose={onClose} className="shortcuts" titleId="shortcuts-title" title={t("title")}>
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
    </Dialog>
  );
}
