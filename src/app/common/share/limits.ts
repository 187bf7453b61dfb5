/**
 * The numbers a learner sees for files in and out and for share links, in a module of their own so the
 * page's first bundle can show them without loading the zip and link code.
 */

/** At most this many bytes (after unpacking) per import. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** At most this many entries (files, folders and links) per import. */
export const MAX_IMPORT_ENTRIES = 20_000;
/**
 * The longest link the page hands out, in characters, whole address included. Browsers keep far longer
 * ones (Chromium 2 MB); chat apps are the limit: Slack keeps 40,000 characters per message and Teams
 * about 28,000, so 8,000 leaves room for the message around it. docs/sharing.md has the reasoning.
 */
export const SAFE_LINK_LENGTH = 8000;
/**
 * At most this many bytes of text a share link may unpack to. A link the page hands out is at most
 * SAFE_LINK_LENGTH characters, about 6,000 packed bytes, which deflate can unpack to at most about 6.2 MB:
 * anything larger was made by hand, and is refused while it is unpacked, before it can fill the page.
 */
export const MAX_LINK_BYTES = 8 * 1024 * 1024;
/** Some chat apps cut a message here (Discord: 2,000 characters); past it the page says so. */
export const SHORT_LINK_LENGTH = 2000;
/** The numbers above as the share panel reads them (ShareHandle's `limits`). */
export const SHARE_LIMITS = {
  bytes: MAX_IMPORT_BYTES,
  entries: MAX_IMPORT_ENTRIES,
  linkLength: SAFE_LINK_LENGTH,
  shortLink: SHORT_LINK_LENGTH,
};
/**
 * The tab's storage entry holding a link the learner chose to open as a new workspace, while the page
 * reloads into that workspace (the link is opened there once, then the entry is removed).
 */
export const KEPT_LINK_KEY = "pi-playground:kept-link";
