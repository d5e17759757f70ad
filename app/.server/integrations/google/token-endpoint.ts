/**
 * Refreshing a Google access token (OAuth 2.0 token endpoint,
 * grant_type=refresh_token) through arctic, the library that signs the parent
 * in. A revoked or expired grant answers 400 `{error: "invalid_grant"}`.
 * arctic's failures are turned into the two every service client throws
 * (ServiceRefused, ServiceUnavailable), so callers keep one way to read them.
 */
import { ArcticFetchError, Google, OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from "arctic";
import { ServiceRefused, ServiceUnavailable, SERVICE_TIMEOUT_MS } from "../http";
import { fakeGoogle } from "./fake-google";

const SERVICE = "Google OAuth";

export interface RefreshedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export interface GoogleTokenEndpoint {
  refresh(refreshToken: string): Promise<RefreshedToken>;
}

/** arctic's error as the service clients' own. */
function serviceError(error: unknown): unknown {
  // arctic reads 400 and 401 answers as OAuth errors; Google sends 400 for a grant it will not refresh.
  if (error instanceof OAuth2RequestError) {
    return new ServiceRefused(SERVICE, 400, { error: error.code, error_description: error.description });
  }
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    if (error.status >= 500 || error.status === 429) return new ServiceUnavailable(SERVICE, error.status);
    return new ServiceRefused(SERVICE, error.status, error instanceof UnexpectedErrorResponseBodyError ? error.data : null);
  }
  if (error instanceof ArcticFetchError) return new ServiceUnavailable(SERVICE, null, { cause: error.cause });
  return error;
}

export function googleTokenEndpoint(google: Google): GoogleTokenEndpoint {
  return {
    async refresh(refreshToken) {
      // arctic's fetch has no deadline; a parent's tap must not wait on Google forever.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ServiceUnavailable(SERVICE, null)), SERVICE_TIMEOUT_MS);
      });
      try {
        const tokens = await Promise.race([google.refreshAccessToken(refreshToken), deadline]);
        return { accessToken: tokens.accessToken(), expiresInSeconds: tokens.accessTokenExpiresInSeconds() };
      } catch (error) {
        throw serviceError(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

let refreshed = 0;

export const fakeTokenEndpoint: GoogleTokenEndpoint = {
  async refresh(refreshToken) {
    if (fakeGoogle.outage) throw new ServiceUnavailable(SERVICE, 503);
    if (fakeGoogle.revokedRefreshTokens.has(refreshToken)) {
      throw new ServiceRefused(SERVICE, 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    }
    refreshed += 1;
    return { accessToken: `fake-refreshed-${refreshed}`, expiresInSeconds: 3599 };
  },
};

/**
 * Google's answer to a refresh it will never grant again (RFC 6749 `invalid_grant`:
 * revoked, expired or unknown). Not `invalid_client`: that is Cubby's own
 * configuration, and must not disconnect every parent.
 */
export function isInvalidGrant(error: unknown): boolean {
  if (!(error instanceof ServiceRefused)) return false;
  const body = error.body as { error?: unknown } | null;
  return body?.error === "invalid_grant";
}
