/**
 * The offline copy keeps every file the feed may need without a signal
 * (ADR 024), and the feed's parts that load when first shown (the month
 * calendar, the progress ring, the URL form, …) are among them. Only the
 * bundler knows their files' names, so the browser build writes them in: in
 * the chunk that holds the string `LATER_FILES_TOKEN` (use-offline-copy.ts),
 * the string becomes the list of files that chunk's lazy imports load and
 * that the page has not loaded with it. The page hands the list to the
 * service worker, which fetches them; the page itself never runs them
 * (before, it imported each part when idle: 12 kB of the feed's 110 kB
 * budget, issue 17).
 *
 * The names are written while chunks render, with the bundler's hash
 * placeholders in them, so the feed chunk's own hash covers the list.
 */
export const LATER_FILES_TOKEN = "cubby:later-files";
const TOKEN_LITERAL = new RegExp(`(["'\`])${LATER_FILES_TOKEN}\\1`, "g");

/** @typedef {{ imports: readonly string[], dynamicImports: readonly string[] }} ChunkLinks */

/**
 * What `fileName`'s lazy imports load, in turn with everything they import
 * (statically or lazily), less the files loaded with `fileName` itself.
 * @param {string} fileName
 * @param {Record<string, ChunkLinks>} chunks
 * @returns {string[]}
 */
export function laterFiles(fileName, chunks) {
  const loadedWith = new Set([fileName]);
  for (const file of loadedWith) for (const imported of chunks[file]?.imports ?? []) loadedWith.add(imported);
  const later = new Set(chunks[fileName]?.dynamicImports.filter((file) => !loadedWith.has(file)));
  for (const file of later) {
    for (const next of [...(chunks[file]?.imports ?? []), ...(chunks[file]?.dynamicImports ?? [])]) {
      if (!loadedWith.has(next)) later.add(next);
    }
  }
  return [...later].toSorted();
}

/**
 * `code` with every `LATER_FILES_TOKEN` string literal replaced by the array of
 * `files` as site paths; null when it holds none.
 * @param {string} code
 * @param {readonly string[]} files
 * @returns {string | null}
 */
export function writeLaterFiles(code, files) {
  if (!code.includes(LATER_FILES_TOKEN)) return null;
  return code.replace(TOKEN_LITERAL, () => JSON.stringify(files.map((file) => `/${file}`)));
}

/** @returns {import("vite").Plugin} */
export function laterFilesForOffline() {
  return {
    name: "cubby:later-files",
    apply: "build",
    renderChunk(code, chunk, _options, meta) {
      if (this.environment.name !== "client") return null;
      return writeLaterFiles(code, laterFiles(chunk.fileName, meta.chunks));
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && file.code.includes(LATER_FILES_TOKEN)) {
          this.error(`${file.fileName} still holds "${LATER_FILES_TOKEN}": the offline copy would keep none of the feed's later parts`);
        }
      }
    },
  };
}
