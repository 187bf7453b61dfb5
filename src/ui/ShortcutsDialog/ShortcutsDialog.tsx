import { useEffect, useRef } from "react";
import type { Shortcut } from "../hooks/useShortcuts";

const KEY_NAMES: Record<string, string> = { Escape: "Esc", " ": "Space" };

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
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="shortcuts" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {shortcuts.map((s) => (
            <tr key={s.key}>
              <th scope="row">
                <kbd>{KEY_NAMES[s.key] ?? s.key}</kbd>
              </th>
              <td>{s.label}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <kbd>Tab</kbd>
            </th>
            <td>move between controls; arrow keys move between tabs and resize columns</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
