import { createContext, useContext, useSyncExternalStore } from "react";
import { useT } from "../i18n";
import "./UpdateNotice.css";

/** A new deployment, installed in the background and waiting (src/app/page/service-worker.ts). */
export interface UpdateOffer {
  subscribe(listener: () => void): () => void;
  /** True once a new version is installed and waits for the learner. */
  getSnapshot(): boolean;
  /** Hands the page to the new version, then reloads: only ever from the learner's click. */
  reload(): void;
}

export const UpdateContext = createContext<UpdateOffer | null>(null);

const never: UpdateOffer = { subscribe: () => () => {}, getSnapshot: () => false, reload: () => {} };

/**
 * "A new version is ready — Reload". The page never reloads by itself: a learner in the middle of a
 * scenario keeps the version they started with until they choose (docs/offline.md).
 */
export function UpdateNotice() {
  const offer = useContext(UpdateContext) ?? never;
  // Drawn to static markup (component tests) there is no update to offer: the third argument says so.
  const ready = useSyncExternalStore(offer.subscribe, offer.getSnapshot, () => false);
  const { t } = useT("topBar");
  if (!ready) return null;
  return (
    <div className="update-notice" role="status">
      <p>{t("updateReady")}</p>
      <button type="button" onClick={() => offer.reload()}>
        {t("updateReload")}
      </button>
    </div>
  );
}
