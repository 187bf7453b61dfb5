import type { NoticeAbout, SessionErrorAbout } from "@agent/events";
import type { TranscriptNoticeAbout } from "@state/transcript";
import type { TFunction } from "i18next";

/** The page notices' codes, worded under `common:notice.*`; the rest are the session's, under `notice:*`. */
const PAGE_NOTICES = new Set([
  "listFailed",
  "loadFailed",
  "linkFailed",
  "saveFailed",
  "workerReplaced",
  "unknownPiVersion",
]);
const isPageNotice = (about: TranscriptNoticeAbout): about is NoticeAbout => PAGE_NOTICES.has(about.code);

/** A notice in the page's language when it says what it is about; its English text otherwise. */
export function noticeText(t: TFunction, notice: { text: string; about?: TranscriptNoticeAbout }): string {
  const about = notice.about;
  if (!about) return notice.text;
  if (about.code === "workerReplaced")
    return t(
      `common:notice.workerReplaced.${about.cause === "learner" ? "learner." : ""}${about.from}`,
      about,
    );
  if (isPageNotice(about)) return t(`common:notice.${about.code}`, about);
  if (about.code === "abortRequested") return t(`notice:abortRequested.${about.source}`);
  return sessionErrorText(t, about);
}

function sessionErrorText(t: TFunction, about: SessionErrorAbout): string {
  if (about.code !== "inCall") return t(`notice:sessionError.${about.code}`, about);
  // one call of a composed turn: which one, then what is wrong with it
  const inner = about.about ? sessionErrorText(t, about.about) : (about.error ?? "");
  return `${t("notice:inCall", about)}${inner}`;
}
