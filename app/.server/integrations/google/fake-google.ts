/**
 * Google's side of the local fakes: which tokens Google would accept. Built
 * from Google's documented behaviour: an access token lives an hour, a refresh
 * token until the parent revokes access (then the token endpoint answers 400
 * `invalid_grant`), and an API answers 401 `UNAUTHENTICATED` for a token it
 * does not accept. Tests steer it (expire, revoke, outage); development uses
 * it as is. State lives in the isolate: deterministic, never on the network.
 */
import { readCookie } from "../../auth/cookies";
import { ServiceRefused, ServiceUnavailable } from "../http";

/** Local sign-in grants Calendar and Gmail without tokens; the fakes accept this one for it. */
export const LOCAL_GRANT_TOKEN = "fake-local-grant";

/**
 * Local sign-in has no consent screen to press Cancel on. A browser carrying
 * this cookie (`cubby_fake_google_consent=deny`, set by an e2e test or by a
 * developer in the browser's tools) gets Google's answer to Cancel instead:
 * back to the callback with `error=access_denied`. Only local sign-in reads it.
 */
export const FAKE_CONSENT_COOKIE = "cubby_fake_google_consent";

export function fakeConsentDenied(request: Request): boolean {
  return readCookie(request, FAKE_CONSENT_COOKIE) === "deny";
}

let issued = 0;

export const fakeGoogle = {
  /** Access tokens Google has stopped accepting (expired early or revoked). */
  rejected: new Set<string>(),
  revokedRefreshTokens: new Set<string>(),
  /** Tokens Cubby itself revoked (POST /revoke), in order: the grant of a deleted account. */
  revokedByCubby: [] as string[],
  /** While true every fake Google API answers 503, as during an outage. */
  outage: false,

  /** A consent as Google's token endpoint answers it (tests store it with saveGoogleGrant). */
  consent() {
    issued += 1;
    return { accessToken: `fake-access-${issued}`, refreshToken: `fake-refresh-${issued}` };
  },

  expire(accessToken: string) {
    this.rejected.add(accessToken);
  },

  /** The parent removed Cubby at myaccount.google.com: every token stops working. */
  revoke(grant: { accessToken: string; refreshToken: string }) {
    this.rejected.add(grant.accessToken);
    this.revokedRefreshTokens.add(grant.refreshToken);
  },

  /** What a Google API does before serving a request. */
  authorise(service: string, accessToken: string) {
    if (this.outage) throw new ServiceUnavailable(service, 503);
    if (this.rejected.has(accessToken)) {
      throw new ServiceRefused(service, 401, {
        error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
      });
    }
  },

  reset() {
    this.rejected.clear();
    this.revokedRefreshTokens.clear();
    this.revokedByCubby = [];
    this.outage = false;
  },
};
