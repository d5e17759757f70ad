/**
 * Time per item of the extraction path (reader + pipeline, in-process, after
 * warm-up), for the yardstick corpora (../shared/eval/dev and real) and the
 * fixture corpus; issue 12's budget is a median of 10 ms per mail:
 *   npm run bench:extract [-- dir…]
 */
import { fileURLToPath } from "node:url";
import { runCorpus, summarise } from "./extract-corpus";

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  dirs.push(fileURLToPath(new URL("../../shared/eval/dev", import.meta.url)));
  dirs.push(fileURLToPath(new URL("../../shared/eval/real", import.meta.url)));
  dirs.push(fileURLToPath(new URL("../tests/fixtures/extract", import.meta.url)));
}
for (const dir of dirs) {
  await runCorpus(dir); // warm-up: module init, pdf.js, regex compilation
  const results = await runCorpus(dir);
  const s = summarise(results);
  const mails = results.filter((r) => r.file.endsWith(".eml")).map((r) => r.ms).toSorted((a, b) => a - b);
  console.info(
    `${dir}: items ${results.length} median ${s.medianMs.toFixed(1)} ms, max ${s.maxMs.toFixed(1)} ms, ` +
      `median per mail ${(mails[Math.floor(mails.length / 2)] ?? 0).toFixed(1)} ms | F1 ${s.f1.toFixed(3)} P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)}`,
  );
}
