/**
 * "Delete Account" reaches past Cubby's own rows: the parent stops paying
 * (their subscription is cancelled at the payment provider) and Cubby gives
 * back its Google access (the grant is revoked). Billing comes first and
 * must succeed, or the account stays: a deleted parent still being charged
 * could not even reach the billing portal from Cubby any more. Google's side
 * is best effort: the parent can always remove Cubby at myaccount.google.com,
 * so a revocation failure is logged (never the token) and deletion goes on.
 */
import { OAuth2RequestError } from "arctic";
import { eq } from "drizzle-orm";
import { decrypt } from "./auth/crypto";
import type { Db } from "./db/client";
import { googleTokens } from "./db/schema";
import { config } from "./env";
import { chooseBilling } from "./integrations/billing/choose";
import { BillingNotConfigured } from "./integrations/billing/provider";
import { chooseGoogleRevocation } from "./integrations/google/revoke";
import { isServiceFailure } from "./integrations/http";
import { deleteAccount, findUser } from "./users";

export type AccountDeletion = { ok: true } | { ok: false; status: 502 | 503 };

/** Statuses after which the provider bills nothing more: nothing to cancel. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** The slowest Google may be before deletion goes on without it. */
const REVOKE_TIMEOUT_MS = 10_000;

/** What may be logged about a failure: its kind and status or code, never a body or a token. */
function failureSummary(error: unknown): string {
  if (!(error instanceof Error)) return "unknown";
  const detail = error as { code?: unknown; status?: unknown; service?: unknown };
  return [error.name, detail.service, detail.code, detail.status].filter((part) => part != null).join(" ");
}

async function cancelSubscription(env: Env, subscriptionId: string): Promise<AccountDeletion> {
  try {
    const billing = chooseBilling(env);
    if (!billing) throw new BillingNotConfigured();
    await billing.cancelSubscription(subscriptionId);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof BillingNotConfigured) && !isServiceFailure(error)) throw error;
    console.warn("Subscription not cancelled; account kept", failureSummary(error));
    return { ok: false, status: error instanceof BillingNotConfigured ? 503 : 502 };
  }
}

/** The token that ends the whole grant (the refresh token, else the access token), decrypted. */
async function grantToken(db: Db, env: Env, userId: string): Promise<string | null> {
  const row = await db.query.googleTokens.findFirst({ where: eq(googleTokens.userId, userId) });
  const key = config(env).TOKEN_KEY;
  if (!row || !key) return null;
  try {
    return await decrypt(row.refreshToken ?? row.accessToken, key);
  } catch (error) {
    console.warn("Google grant could not be read for revocation", failureSummary(error));
    return null;
  }
}

async function revokeGoogleGrant(env: Env, token: string): Promise<void> {
  const revocation = chooseGoogleRevocation(env);
  if (!revocation) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Timeout")), REVOKE_TIMEOUT_MS);
  });
  try {
    await Promise.race([revocation.revokeToken(token), timeout]);
  } catch (error) {
    // Google answers invalid_token for a grant the parent already removed: nothing left to do.
    if (error instanceof OAuth2RequestError && error.code === "invalid_token") return;
    console.warn("Google grant revocation failed; account deleted anyway", failureSummary(error));
  } finally {
    clearTimeout(timer);
  }
}

export async function deleteAccountEverywhere(db: Db, env: Env, userId: string): Promise<AccountDeletion> {
  const user = await findUser(db, userId);
  if (!user) return { ok: true };
  if (user.billingSubscriptionId && !ENDED.has(user.subscriptionStatus ?? "canceled")) {
    const cancelled = await cancelSubscription(env, user.billingSubscriptionId);
    if (!cancelled.ok) return cancelled;
  }
  // Read before the rows go; revoked after, so a slow Google never keeps the account.
  const token = await grantToken(db, env, userId);
  await deleteAccount(env, userId);
  if (token) await revokeGoogleGrant(env, token);
  return { ok: true };
}
