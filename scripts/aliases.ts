import { fileURLToPath } from "node:url";

const here = (p: string) => fileURLToPath(new URL(`../src/${p}/`, import.meta.url));

/** One alias per layer, so that a boundary shows up in the import string (and in the lint rules). */
export const layerAliases = ["core", "backends", "agent", "state", "ui", "app"].map((layer) => ({
  find: new RegExp(`^@${layer}/`),
  replacement: here(layer),
}));
