// just-bash's browser build still imports node:zlib for gzip/gunzip/zcat (and tar's .tgz). Those commands
// are left out of the playground's shell (backends/memfs/bash/engine.ts EXCLUDED_COMMANDS); if anything
// still reaches zlib, it says so instead of crashing on an undefined import.
const unavailable = (name: string) => () => {
  throw new Error(`${name} is not available in the browser: compression needs Node's zlib.`);
};
export const gzipSync = unavailable("gzip");
export const gunzipSync = unavailable("gunzip");
export const constants = { Z_BEST_COMPRESSION: 9, Z_BEST_SPEED: 1, Z_DEFAULT_COMPRESSION: -1 };
export default { gzipSync, gunzipSync, constants };
