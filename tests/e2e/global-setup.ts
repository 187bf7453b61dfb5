import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { preview } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Serves the production build on a free loopback port for the whole e2e run. */
export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  if (!existsSync(`${root}/dist/index.html`)) {
    throw new Error(
      "dist/ is missing: the e2e tests run against the production build. Run `npm run build` first.",
    );
  }
  const port = await freePort();
  const server = await preview({
    root,
    logLevel: "warn",
    preview: { port, strictPort: true, host: "127.0.0.1" },
  });
  project.provide("baseURL", `http://127.0.0.1:${port}/`);
  return async () => {
    await server.close();
  };
}
