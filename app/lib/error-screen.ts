/**
 * spec §2: "A generic router error screen reads 'Unexpected Application Error!'
 * followed by status and status text or the error message, plus a stack trace
 * when one exists." What the screen under that heading says, for any error.
 */
export interface ErrorScreenText {
  details: string;
  stack?: string;
}

/** `response`: React Router's isRouteErrorResponse result for the error, with its status. */
export function errorScreenText(error: unknown, response?: { status: number; statusText: string } | null): ErrorScreenText {
  if (response) return { details: `${response.status} ${response.statusText}`.trim() };
  if (error instanceof Error) return { details: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { details: String(error) };
}
