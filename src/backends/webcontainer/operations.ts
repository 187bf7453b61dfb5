/**
 * The seven tools' Operations over a WebContainer (through ContainerFs, which emulates what its fs API
 * lacks). Every answer is a promise: each call is a message to the container's frame and back.
 */
import type { FileMutationQueue } from "@core/file-mutation-queue";
import { detectImageMime, IMAGE_SNIFF_BYTES } from "@core/image/sniff";
import type { SearchOperations } from "@core/search/types";
import type { ToolsOptions } from "@core/tools/index";
import { createWebContainerBashOperations } from "./bash";
import type { ContainerFs } from "./container-fs";

export function createWebContainerSearchOperations(cfs: ContainerFs): SearchOperations {
  return {
    isDirectory: async (absolutePath) => (await cfs.stat(absolutePath)).isDirectory(),
    readdir: (absolutePath) => cfs.readdir(absolutePath),
    readFile: (absolutePath) => cfs.readFile(absolutePath),
  };
}

export function createWebContainerToolOptions(cfs: ContainerFs, queue: FileMutationQueue): ToolsOptions {
  const search = createWebContainerSearchOperations(cfs);
  const bash = createWebContainerBashOperations(cfs);
  const writeText = (absolutePath: string, content: string) => cfs.writeFile(absolutePath, content);
  const realpath = (absolutePath: string) => cfs.realpath(absolutePath);
  return {
    read: {
      operations: {
        readFile: (absolutePath) => cfs.readFile(absolutePath),
        access: (absolutePath) => cfs.access(absolutePath),
        exists: (absolutePath) => cfs.exists(absolutePath),
        async detectImageMimeType(absolutePath) {
          // The API reads whole files only; a directory or unreadable path is "not an image".
          try {
            if ((await cfs.kind(absolutePath)) !== "file") return null;
            return detectImageMime((await cfs.readFile(absolutePath)).subarray(0, IMAGE_SNIFF_BYTES));
          } catch {
            return null;
          }
        },
      },
    },
    bash: { operations: bash, logOperations: bash },
    edit: {
      operations: {
        readFile: (absolutePath) => cfs.readFile(absolutePath),
        writeFile: writeText,
        writeBytes: (absolutePath, content) => cfs.writeFile(absolutePath, content),
        access: (absolutePath) => cfs.access(absolutePath),
        realpath,
      },
      mutationQueue: queue,
    },
    write: {
      operations: { writeFile: writeText, mkdir: (absolutePath) => cfs.mkdirp(absolutePath), realpath },
      mutationQueue: queue,
    },
    grep: { operations: search },
    find: { operations: search },
    ls: {
      operations: {
        exists: (absolutePath) => cfs.exists(absolutePath),
        stat: (absolutePath) => cfs.stat(absolutePath),
        readdir: async (absolutePath) => (await cfs.readdir(absolutePath)).map((e) => e.name),
      },
    },
  };
}
