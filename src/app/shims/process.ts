// memfs and just-bash probe a few process members; the browser has none. cwd "/" matches memfs's own mock.
const processShim = {
  env: {} as Record<string, string | undefined>,
  cwd: () => "/",
  platform: "browser",
  nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
  emitWarning: () => {},
  versions: {} as Record<string, string>,
};
export default processShim;
export const { env, cwd, platform, nextTick, emitWarning, versions } = processShim;
