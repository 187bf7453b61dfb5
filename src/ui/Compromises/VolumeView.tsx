import type { VolumeListing } from "@agent/protocol";
import { useEffect, useState } from "react";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";

/**
 * The whole volume on request: the workspace and the system around it (/etc, /home, /tmp), which the
 * tools reach as easily as the workspace. Listed again after every call while it is open.
 */
export function VolumeView() {
  const { t } = useT("miniPi");
  const { stores, listVolume } = useSession();
  const [open, setOpen] = useState(false);
  const [listing, setListing] = useState<VolumeListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cwd = useStore(stores.files, (f) => f.cwd);
  // A new stats object means a call ended (or the counters started over): the volume may have changed.
  const calls = useStore(stores.dispatch, (d) => d.stats);
  const files = useStore(stores.files, (f) => f.paths);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void calls;
    void files;
    listVolume().then(
      (l) => {
        if (!live) return;
        setListing(l);
        setError(null);
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [open, listVolume, calls, files]);
  return (
    <section className="volume" aria-label={t("volumeTitle")}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("volumeHide") : t("volumeShow")}
      </button>
      {open ? (
        <>
          <p className="muted">{t("volumeIntro", { cwd })}</p>
          {error ? <p className="error">{t("volumeError", { message: error })}</p> : null}
          {listing ? (
            <ul className="volume__list">
              {listing.entries.map((e) => {
                const inside = e.path === cwd || e.path.startsWith(`${cwd}/`);
                const depth = e.path.split("/").length - 2;
                return (
                  <li
                    key={e.path}
                    className={`volume__entry volume__entry--${e.kind}${inside ? " is-inside" : " is-outside"}`}
                    style={{ paddingLeft: `${depth}em` }}
                  >
                    <code>
                      {e.path.slice(e.path.lastIndexOf("/") + 1)}
                      {e.kind === "dir" ? "/" : ""}
                    </code>
                    {e.path === cwd ? <span className="muted"> ({t("volumeInside")})</span> : null}
                  </li>
                );
              })}
              {listing.total > listing.entries.length ? (
                <li className="muted">
                  {t("volumeMore", { count: listing.total - listing.entries.length })}
                </li>
              ) : null}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
