/**
 * Extraction, the one path used by the Worker's queue job and by the CLI:
 * an extractor proposes events, the shared normaliser keeps what is valid,
 * upcoming and not a duplicate.
 */
import { builtinExtractor } from "./builtin/extractor";
import { normaliseEvents } from "./normalise";
import type { ExtractContext, ExtractedEvent, Extractor, SourceDocument } from "./types";

export { builtinExtractor };

export async function extractEvents(
  document: SourceDocument,
  context: ExtractContext,
  extractor: Extractor = builtinExtractor,
): Promise<ExtractedEvent[]> {
  const proposed = await extractor.extract(document, context);
  return normaliseEvents(proposed, context);
}
