import { config } from "../env";
import { llmExtractor, withFallback } from "../extract/llm";
import { builtinExtractor } from "../extract/pipeline";
import type { Extractor } from "../extract/types";

/**
 * The configured extractor: the built-in one by default; with EXTRACTOR=llm and
 * a key and model, the LLM, falling back to the built-in one on any failure.
 */
export function chooseExtractor(env: Env): Extractor {
  const cfg = config(env);
  if (cfg.EXTRACTOR !== "llm" || !cfg.OPENAI_API_KEY || !cfg.EXTRACT_MODEL) return builtinExtractor;
  return withFallback(
    llmExtractor({ apiKey: cfg.OPENAI_API_KEY, baseURL: cfg.OPENAI_BASE_URL, model: cfg.EXTRACT_MODEL }),
    builtinExtractor,
  );
}
