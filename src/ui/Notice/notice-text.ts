import type { NoticeAbout } from "@agent/events";
import type { TFunction } from "i18next";

/** A page notice in the page's language when it says what it is about; its English text otherwise. */
export function noticeText(t: TFunction, notice: { text: string; about?: NoticeAbout }): string {
  const about = notice.about;
  if (!about) return notice.text;
  if (about.code === "workerReplaced") return t(`common:notice.workerReplaced.${about.from}`, about);
  return t(`common:notice.${about.code}`, about);
}
