import { Hono } from "hono";
import { auth, logout } from "./auth";
import { withSession, type ApiEnv } from "./context";
import { eventsApi } from "./events";
import { sources } from "./sources";
import { user } from "./user";

/** Everything under /api: one file per resource, mounted here. */
export const api = new Hono<ApiEnv>()
  .basePath("/api")
  .use(withSession)
  .route("/auth", auth)
  .route("/logout", logout)
  .route("/", user)
  .route("/", eventsApi)
  .route("/", sources);

api.notFound((c) => c.json({ error: "Not found." }, 404));
api.onError((error, c) => {
  console.error("API error", c.req.method, c.req.path, error);
  return c.json({ error: "An unexpected error occurred. Please try again later." }, 500);
});
