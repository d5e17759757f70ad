/**
 * A JSON POST to Cubby's own API with the session cookie: what every screen
 * that saves something sends. The caller reads the answer.
 */
export function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
