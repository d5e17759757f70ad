/**
 * Giving back a parent's Google grant when they delete their account:
 * Google's revocation endpoint (POST https://oauth2.googleapis.com/revoke)
 * through arctic. Revoking the refresh token ends the whole grant, access
 * tokens included, and Cubby disappears from the parent's Google account.
 */
import { googleClient } from "../../auth/google";
import { config } from "../../env";
import { ServiceUnavailable } from "../http";
import { integrationMode } from "../mode";
import { fakeGoogle } from "./fake-google";

export interface GoogleRevocation {
  revokeToken(token: string): Promise<void>;
}

const fakeRevocation: GoogleRevocation = {
  async revokeToken(token) {
    if (fakeGoogle.outage) throw new ServiceUnavailable("Google OAuth", 503);
    fakeGoogle.revokedByCubby.push(token);
    fakeGoogle.rejected.add(token);
    fakeGoogle.revokedRefreshTokens.add(token);
  },
};

/** Null when a real deployment has no Google client: then no grant was ever stored. */
export function chooseGoogleRevocation(env: Env): GoogleRevocation | null {
  if (integrationMode(env) === "fake") return fakeRevocation;
  const cfg = config(env);
  if (!cfg.GOOGLE_CLIENT_ID || !cfg.GOOGLE_CLIENT_SECRET) return null;
  return googleClient(cfg.GOOGLE_CLIENT_ID, cfg.GOOGLE_CLIENT_SECRET, cfg.APP_URL);
}
