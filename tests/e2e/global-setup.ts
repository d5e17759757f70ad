/**
 * Vitest global setup for the e2e project: one production build served by
 * `vite preview` in workerd, with a fresh local D1 per run, shared by every
 * test file. Set E2E_SKIP_BUILD=1 to reuse an existing build/.
 */
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startPreview } from "./preview-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the app under test answers, e.g. http://localhost:41234 (a free port). */
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPreview({
    root: fileURLToPath(new URL("../..", import.meta.url)),
    skipBuild: process.env.E2E_SKIP_BUILD === "1",
    log: (message) => console.info(`[e2e] ${message}`),
    // npm test shows the tail of this when the layer fails (scripts/test.mjs).
    logFile: process.env.CUBBY_PREVIEW_LOG,
  });
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}
