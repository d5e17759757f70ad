/** A parent granting Calendar or Gmail access, as Google's token endpoint would answer the consent. */
import { env } from "cloudflare:workers";
import { SCOPES, type GrantPurpose } from "~/.server/auth/google";
import { fakeGoogle } from "~/.server/integrations/google/fake-google";
import { saveGoogleGrant } from "~/.server/users";
import { db } from "./helpers";

export async function grantGoogle(userId: string, purpose: GrantPurpose, expiresAt = new Date(Date.now() + 3_600_000)) {
  const grant = fakeGoogle.consent();
  await saveGoogleGrant(
    db(),
    userId,
    {
      sub: `sub-${userId}`,
      email: `${userId}@example.com`,
      emailVerified: true,
      name: "Parent",
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      accessTokenExpiresAt: expiresAt,
      scopes: SCOPES[purpose],
    },
    env.TOKEN_KEY!,
  );
  return grant;
}
