// The few types scripts/lighthouse.mjs uses from Lighthouse and chrome-launcher.
// Both live in tools/lighthouse/ (installed on first use, ADR 025), which the
// type check cannot count on, so their shapes are declared here.
declare module "lighthouse" {
  export interface Audit {
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
    numericValue?: number;
    details?: unknown;
  }
  export interface Category {
    score: number | null;
    auditRefs: { id: string; weight?: number }[];
  }
  export interface Result {
    finalDisplayedUrl: string;
    categories: Record<string, Category>;
    audits: Record<string, Audit>;
  }
  export interface RunnerResult {
    lhr: Result;
    report: string | string[];
    artifacts: Record<string, unknown>;
  }
  export interface Flags {
    port?: number;
    output?: "json" | "html" | "csv";
    logLevel?: "silent" | "error" | "warn" | "info" | "verbose";
    onlyCategories?: string[];
    extraHeaders?: Record<string, string>;
    [flag: string]: unknown;
  }
  export default function lighthouse(url: string, flags?: Flags, config?: object): Promise<RunnerResult | undefined>;
}

declare module "chrome-launcher" {
  export interface LaunchedChrome {
    port: number;
    pid: number;
    kill(): void | Promise<void>;
  }
  export function launch(options?: { chromePath?: string; chromeFlags?: string[]; port?: number }): Promise<LaunchedChrome>;
}
