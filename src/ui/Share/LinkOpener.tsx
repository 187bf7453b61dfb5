import type { Choice } from "@state/confirmations";
import { uniqueName } from "@state/unique-name";
import { useEffect, useState } from "react";
import { Only, ShareFeature, useShare } from "../features";
import { useT } from "../i18n";
import { useConfirmations } from "../session-context";
import { useWorkspaces } from "../Workspaces/types";
import { linkQuestion } from "./link-question";
import type { OpenedLink } from "./share-handle";
import "./Share.css";

type Banner = { tone: "ok" | "error"; key: string; values?: Record<string, string | number> };

/** Takes the fragment off the address, so a reload does not ask again. */
function clearFragment() {
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/**
 * Opens a share link (`#share=…`) when the page starts or its fragment changes: says what the link will
 * load and asks whether to replace the workspace, open the link as a new named workspace (the current
 * one stays as it is in storage), or keep what is there. A damaged, cut or newer link is one sentence,
 * as is one past a limit (naming the limit) or holding a refused path (naming it), and nothing changes. "New workspace" saves this one and reloads into the new one, which then opens
 * the link it was handed without asking again.
 */
export function LinkOpener() {
  return (
    <Only feature={ShareFeature}>
      <Opener />
    </Only>
  );
}

function Opener() {
  const share = useShare();
  const confirmations = useConfirmations();
  const workspaces = useWorkspaces();
  const { t, format } = useT("share");
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    // A limit, a path or a tool the link was refused for is named: asking for it again would not help.
    const show = (opened: Extract<OpenedLink, { ok: false }>) =>
      setBanner({
        tone: "error",
        key: `problem.${opened.problem}`,
        values: {
          version: opened.version ?? "",
          limit:
            opened.limit === undefined
              ? ""
              : opened.problem === "tooLarge"
                ? format.bytes(opened.limit)
                : format.count(opened.limit),
          path: opened.path ?? "",
          reason: opened.reason ? t(`reason.${opened.reason}`) : "",
          tool: opened.tool ?? "",
          detail: opened.detail ?? "",
        },
      });
    const open = async () => {
      const opened = await share.readLink(window.location.hash);
      if (!opened) return;
      clearFragment();
      if (!opened.ok) return show(opened);
      const s = opened.summary;
      // Set by the question; read after it (a cast, so the compiler does not take it as always "cancel").
      let choice = "cancel" as Choice;
      const loaded = await opened.open(async () => {
        choice = await confirmations.choose(linkQuestion(t, s, workspaces !== null));
        return choice === "confirm";
      });
      if (loaded) return setBanner({ tone: "ok", key: "open.done" });
      setBanner(null);
      if (choice !== "alternative" || !workspaces) return;
      // Named after what it holds, and never the same as a workspace already in the list.
      const names = workspaces.view.getSnapshot().list.map((w) => w.name);
      await workspaces.create(uniqueName(s.scenario ?? t("open.newName"), names), () =>
        opened.keepForNextLoad(),
      );
    };
    // The link the learner chose to open as this new workspace, before the reload: already answered.
    const openKept = async () => {
      const kept = await share.takeKeptLink();
      if (!kept) return;
      if (!kept.ok) return show(kept);
      if (await kept.open(async () => true)) setBanner({ tone: "ok", key: "open.doneNew" });
    };
    void openKept();
    const onHash = () => void open();
    onHash();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [share, confirmations, workspaces, t, format]);

  if (!banner) return null;
  return (
    <div
      className={`share-banner share-banner--${banner.tone}`}
      role={banner.tone === "error" ? "alert" : "status"}
    >
      <span>{t(banner.key, banner.values)}</span>
      <button type="button" onClick={() => setBanner(null)}>
        {t("dismiss")}
      </button>
    </div>
  );
}
