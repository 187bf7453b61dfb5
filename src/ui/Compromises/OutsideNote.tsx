import { outsideWorkspacePath } from "@state/outside-workspace";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";

/** Marks a call whose path leaves /workspace: pi lets it through, the tutorial's safePath would not. */
export function OutsideNote({ args }: { args: unknown }) {
  const { t } = useT("miniPi");
  const { stores } = useSession();
  const cwd = useStore(stores.files, (f) => f.cwd);
  const outside = outsideWorkspacePath(args, cwd);
  if (!outside) return null;
  return (
    <p className="outside-note" data-outside={outside}>
      <strong>{t("outside", { cwd })}</strong>{" "}
      <span className="muted">{t("outsideResolved", { path: outside })}</span>
    </p>
  );
}
