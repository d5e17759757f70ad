import { decodeIdToken, Google } from "arctic";

/**
 * What Cubby asks Google for. Sign-in asks for identity only; Gmail and Calendar
 * are asked for later, incrementally, when the parent chooses them (spec §2).
 */
export type GrantPurpose = "signin" | "gmail" | "gcal";

export const SCOPES: Record<GrantPurpose, string[]> = {
  signin: ["openid", "email", "profile"],
  gmail: ["openid", "email", "https://www.googleapis.com/auth/gmail.readonly"],
  gcal: ["openid", "email", "https://www.googleapis.com/auth/calendar.events"],
};

export interface GoogleGrant {
  sub: string;
  email: string;
  /** Google's email_verified claim: only a verified address may link an existing parent. */
  emailVerified: boolean;
  name: string;
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  scopes: string[];
}

export interface GoogleOAuth {
  authorizationUrl(
    purpose: GrantPurpose,
    state: string,
    codeVerifier: string,
    loginHint?: string,
  ): URL;
  /** Exchanges the callback's code, proving possession of the PKCE verifier. */
  exchange(code: string, codeVerifier: string): Promise<GoogleGrant>;
}

interface IdClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * arctic's client for Cubby's Google OAuth app: signing in, refreshing and
 * revoking a grant all go through it. Google sends the parent back to the callback.
 */
export function googleClient(clientId: string, clientSecret: string, appUrl: string): Google {
  return new Google(clientId, clientSecret, new URL("/api/auth/google/callback", appUrl).toString());
}

export function googleOAuth(google: Google): GoogleOAuth {
  return {
    authorizationUrl(purpose, state, codeVerifier, loginHint) {
      const url = google.createAuthorizationURL(state, codeVerifier, SCOPES[purpose]);
      if (purpose !== "signin") {
        // Gmail polling and calendar saves run while the parent is away.
        url.searchParams.set("access_type", "offline");
        url.searchParams.set("include_granted_scopes", "true");
        url.searchParams.set("prompt", "consent");
      }
      if (loginHint) url.searchParams.set("login_hint", loginHint);
      return url;
    },
    async exchange(code, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier);
      const claims = decodeIdToken(tokens.idToken()) as IdClaims;
      return {
        sub: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: claims.name ?? claims.email.split("@")[0],
        accessToken: tokens.accessToken(),
        refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
        accessTokenExpiresAt: "expires_in" in tokens.data ? tokens.accessTokenExpiresAt() : null,
        scopes: tokens.hasScopes() ? tokens.scopes() : [],
      };
    },
  };
}
