// memfs reaches for node:url only in its glob helper; the browser's URL is what it needs.
export const URL = globalThis.URL;
export default { URL };
