/**
 * Refreshing a Google access token (OAuth 2.0 token endpoint,
 * grant_type=refresh_token). Answers `{access_token, expires_in, scope,
 * token_type}`; a revoked or expired grant answers 400 `{error: "invalid_grant"}`.
 */
import { callService, ServiceRefused, ServiceUnavailable } from "../http";
import { fakeGoogle } from "./fake-google";

export interface RefreshedToken {
  access_token: string;
  expires_in: number;
  scope?: string;
  token_type: string;
}

export interface GoogleTokenEndpoint {
  refresh(refreshToken: string): Promise<RefreshedToken>;
}

const TOKEN_URL = "https://oauth2.googleapis.com/token";

export function googleTokenEndpoint(clientId: string, clientSecret: string): GoogleTokenEndpoint {
  return {
    refresh(refreshToken) {
      return callService<RefreshedToken>("Google OAuth", TOKEN_URL, {
        method: "POST",
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          refresh_token: refreshToken,
          grant_type: "refresh_token",
        }),
      });
    },
  };
}

let refreshed = 0;

export const fakeTokenEndpoint: GoogleTokenEndpoint = {
  async refresh(refreshToken) {
    if (fakeGoogle.outage) throw new ServiceUnavailable("Google OAuth", 503);
    if (fakeGoogle.revokedRefreshTokens.has(refreshToken)) {
      throw new ServiceRefused("Google OAuth", 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    }
    refreshed += 1;
    return { access_token: `fake-refreshed-${refreshed}`, expires_in: 3599, token_type: "Bearer" };
  },
};

/** Google's answer to a refresh it will never grant again. */
export function isInvalidGrant(error: unknown): boolean {
  if (!(error instanceof ServiceRefused)) return false;
  const body = error.body as { error?: unknown } | null;
  return body?.error === "invalid_grant" || error.status === 401;
}
