/**
 * Vitest global setup for the e2e project: one production build served by
 * `vite preview` in workerd, with a fresh local D1 per run, shared by every
 * test file. Set E2E_SKIP_BUILD=1 to reuse an existing build/.
 */
import { globSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startPreview } from "./preview-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the app under test answers, e.g. http://localhost:41234 (a free port). */
    baseURL: string;
  }
}

/**
 * The build must not carry the developer's local secrets (vite.config.ts
 * noLocalSecretsInBuild, ADR 018): checked on the build every run tests.
 */
function assertNoLocalSecrets(root: string) {
  const found = globSync("build/**/{.dev.vars,.dev.vars.*,.env,.env.*}", { cwd: root });
  if (found.length) throw new Error(`The build holds local secrets: ${found.join(", ")}`);
}

export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const server = await startPreview({
    root,
    skipBuild: process.env.E2E_SKIP_BUILD === "1",
    log: (message) => console.info(`[e2e] ${message}`),
    // npm test shows the tail of this when the layer fails (scripts/test.mjs).
    logFile: process.env.CUBBY_PREVIEW_LOG,
  });
  try {
    assertNoLocalSecrets(root);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}
