import { useEffect, useRef, useState } from "react";
import { Only, ShareFeature, useShare } from "../features";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useConfirmations, useUnsaved } from "../session-context";
import { folderPicker, pickedFromDirectory, pickedFromFiles } from "./read-drop";
import { ShareStatusView } from "./ShareStatusView";
import { shareStatus } from "./status";
import { useImport } from "./useImport";
import "./Share.css";

/** React passes unknown lower-case attributes through: the folder input of browsers without a picker. */
const FOLDER_INPUT = { webkitdirectory: "", directory: "" } as Record<string, string>;

/**
 * Files in and out, and the share link: add files or a folder, import or export a .zip, copy a link that
 * carries the work in its fragment, open a scenario file. Under a disclosure, so the tree keeps its room
 * on a projector.
 */
export function SharePanel() {
  return (
    <Only feature={ShareFeature}>
      <ShareControls />
    </Only>
  );
}

function ShareControls() {
  const share = useShare();
  const confirmations = useConfirmations();
  const unsaved = useUnsaved();
  const { t, format } = useT("share");
  const run = useImport();
  const status = shareStatus(share);
  const [link, setLink] = useState("");
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const zip = useRef<HTMLInputElement>(null);
  const scenario = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  // A drop on the tree reports here: the section opens so the learner sees what went in and what not.
  const said = useStore(status);
  useEffect(() => {
    if (said && details.current) details.current.open = true;
  }, [said]);

  const fail = (key: string, error: unknown) =>
    status.set({ kind: "message", tone: "error", key, values: { detail: (error as Error).message } });

  async function copyLink() {
    try {
      const made = await share.makeLink();
      if (!made.ok) {
        setLink("");
        status.set({
          kind: "message",
          tone: "error",
          key: "tooLong",
          values: { length: format.count(made.length), limit: format.count(share.limits.linkLength) },
        });
        return;
      }
      setLink(made.url);
      let copied = false;
      try {
        await navigator.clipboard.writeText(made.url);
        copied = true;
      } catch {
        // no clipboard permission (or none at all): the field below holds the link
      }
      status.set({
        kind: "message",
        tone: "ok",
        key: copied ? "linkCopied" : "linkNotCopied",
        values: { length: format.count(made.length) },
        ...(made.length > share.limits.shortLink ? { also: "linkShortWarning" } : {}),
      });
    } catch (error) {
      fail("linkFailed", error);
    }
  }

  async function openScenario(file: File) {
    try {
      const pending = unsaved.getSnapshot();
      if (pending.length > 0) {
        const yes = await confirmations.ask({
          title: t("scenario.ask.title"),
          text: t("scenario.ask.text", { files: pending.join(", ") }),
          confirm: t("scenario.ask.confirm"),
          cancel: t("scenario.ask.cancel"),
        });
        if (!yes) return;
      }
      const opened = await share.openScenarioFile(file);
      if (opened.ok)
        status.set({ kind: "message", tone: "ok", key: "scenario.opened", values: { title: opened.title } });
      else
        status.set({
          kind: "message",
          tone: "error",
          key: "scenario.bad",
          values: { detail: opened.detail },
        });
    } catch (error) {
      fail("scenario.bad", error);
    }
  }

  /** Files or a folder picked in a hidden input, into the import (the input emptied for the next pick). */
  const importPicked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = pickedFromFiles(e.currentTarget.files ?? []);
    e.currentTarget.value = "";
    void run(() => share.preparePicked(picked));
  };

  const picker = folderPicker();
  return (
    <details className="share" ref={details}>
      <summary>{t("section")}</summary>
      <p className="muted share__limits">
        {t("limits", {
          bytes: format.bytes(share.limits.bytes),
          entries: format.count(share.limits.entries),
        })}
      </p>
      <div className="share__buttons">
        <button type="button" onClick={() => files.current?.click()}>
          {t("addFiles")}
        </button>
        <button
          type="button"
          onClick={() => {
            if (!picker) return folder.current?.click();
            void picker().then(
              (dir) => run(() => pickedFromDirectory(dir).then((items) => share.preparePicked(items))),
              () => {}, // the learner closed the picker
            );
          }}
        >
          {t("addFolder")}
        </button>
        <button type="button" onClick={() => zip.current?.click()}>
          {t("importZip")}
        </button>
        <button type="button" onClick={() => void share.exportZip().catch((e) => fail("exportFailed", e))}>
          {t("exportZip")}
        </button>
        <button type="button" onClick={() => void copyLink()}>
          {t("copyLink")}
        </button>
        <button type="button" onClick={() => scenario.current?.click()}>
          {t("openScenario")}
        </button>
      </div>
      <input ref={files} type="file" multiple hidden data-share="files" onChange={importPicked} />
      <input ref={folder} type="file" hidden data-share="folder" {...FOLDER_INPUT} onChange={importPicked} />
      <input
        ref={zip}
        type="file"
        hidden
        accept=".zip,application/zip"
        data-share="zip"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file)
            void run(() =>
              share.prepareZip({
                size: file.size,
                read: async () => new Uint8Array(await file.arrayBuffer()),
              }),
            );
        }}
      />
      <input
        ref={scenario}
        type="file"
        hidden
        accept=".json,application/json"
        data-share="scenario"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void openScenario(file);
        }}
      />
      <label className="share__link">
        <span>{t("linkLabel")}</span>
        <input type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <ShareStatusView share={share} />
    </details>
  );
}
