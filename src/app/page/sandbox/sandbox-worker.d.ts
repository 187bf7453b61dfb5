/** The sandbox worker's code as one script, built by scripts/sandbox-bundle.ts (a Vite plugin). */
declare module "virtual:sandbox-worker" {
  const code: string;
  export default code;
}
