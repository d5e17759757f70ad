import { Hono } from "hono";
import { addressesApi } from "./addresses";
import { auth, logout } from "./auth";
import { billingApi } from "./billing";
import { apiBodyLimit } from "./body-size";
import { calendarApi } from "./calendar";
import { calendarsApi } from "./calendars";
import { childrenApi } from "./children";
import { withSession, type ApiEnv } from "./context";
import { eventChildrenApi } from "./event-children";
import { eventsApi } from "./events";
import { heldMailApi } from "./held-mail";
import { icsLinkApi } from "./ics-link";
import { localServicesApi } from "./local-services";
import { mailApi } from "./mail";
import { familyApi } from "./family";
import { partnerApi, partnerConfirmApi } from "./partner";
import { pushApi } from "./push";
import { schoolsApi } from "./schools";
import { sendersApi } from "./senders";
import { sources } from "./sources";
import { unsubscribeApi } from "./unsubscribe";
import { user } from "./user";
import { watchlistApi } from "./watchlist";
import { weatherApi } from "./weather";

/** Everything under /api: one file per resource, mounted here. */
export const api = new Hono<ApiEnv>()
  .basePath("/api")
  .use(apiBodyLimit)
  .use(withSession)
  .route("/auth", auth)
  .route("/logout", logout)
  // Before the "/" resources: their session guard would refuse the webhook and the links in mails, which have no session.
  .route("/billing", billingApi)
  .route("/partner", partnerConfirmApi)
  .route("/mail/unsubscribe", unsubscribeApi)
  .route("/", user)
  .route("/", eventsApi)
  .route("/", eventChildrenApi)
  .route("/", heldMailApi)
  .route("/", sources)
  .route("/", watchlistApi)
  .route("/", addressesApi)
  .route("/", sendersApi)
  .route("/", childrenApi)
  .route("/", schoolsApi)
  .route("/", calendarsApi)
  .route("/", calendarApi)
  .route("/", weatherApi)
  .route("/", pushApi)
  .route("/", mailApi)
  .route("/", partnerApi)
  .route("/", familyApi)
  .route("/", icsLinkApi)
  .route("/dev", localServicesApi);

api.notFound((c) => c.json({ error: "Not found." }, 404));
api.onError((error, c) => {
  console.error("API error", c.req.method, c.req.path, error);
  return c.json({ error: "An unexpected error occurred. Please try again later." }, 500);
});
