/**
 * The part of `@webcontainer/api` 1.6.4 the backend uses: the file system (its seven calls), spawn,
 * mount and the workdir. The real `WebContainer` satisfies it, and so does the fake (fake.ts), which is
 * how the same Operations run in Node tests. Types only: nothing here loads the client library.
 */
import type { WebContainer } from "@webcontainer/api";

export type WebContainerLike = Pick<WebContainer, "fs" | "spawn" | "mount" | "workdir">;

/** What a module plugged in as a fake exports (the real `WebContainer.boot` has this shape too). */
export type BootWebContainer = () => Promise<WebContainerLike>;
