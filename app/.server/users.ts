/**
 * A parent's account: finding or creating it at sign-in, the profile of spec §3,
 * preferences, the forwarding username, and deleting data or the whole account.
 * Every function takes the user id; none reaches another parent's rows.
 */
import { and, count, eq, gte } from "drizzle-orm";
import { database, type Db } from "./db/client";
import {
  children,
  events,
  forwardingAddresses,
  googleTokens,
  pushTokens,
  releasedUsernames,
  schools,
  users,
  type Preferences,
} from "./db/schema";
import { encrypt } from "./auth/crypto";
import { countWaitingMail } from "./ingest/monthly-reads";
import type { GoogleGrant } from "./auth/google";
import { leaveFamily } from "./family/family";
import { schoolsByIds } from "./children";
import { familyDb } from "./family/data";
import { forgettingDeletedMail } from "./ingest/mail-store";
import { deleteFamilyData, deleteFamilySchools } from "./family/family-data";
import { membershipOf } from "./family/membership";

export type User = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

/** spec §3: the profile's country is "CAN" or other; only Canada changes anything (checkout, school search). */
export type Country = "CAN" | "other";

/**
 * The profile's country from the one Cloudflare saw the sign-in come from
 * (`request.cf.country`, ISO 3166 alpha-2). Null when that is unknown: no `cf`
 * at all (local development), "XX" (no data) or "T1" (Tor), so a country
 * already stored is kept rather than overwritten with a guess.
 */
export function countryFromCf(cfCountry: unknown): Country | null {
  if (typeof cfCountry !== "string") return null;
  const code = cfCountry.trim().toUpperCase();
  if (!code || code === "XX" || code === "T1") return null;
  return code === "CA" ? "CAN" : "other";
}

export type GoogleSignIn = { ok: true; user: User } | { ok: false };

/**
 * Finds the parent by their Google subject, the one identifier Google never
 * reuses or changes. Only a first Google sign-in may link an existing parent
 * by e-mail, and only when Google has verified that address and the parent has
 * no Google account yet: otherwise a second Google account (or one claiming an
 * address it does not own) would take over the family's feed.
 */
export async function upsertGoogleUser(
  db: Db,
  grant: GoogleGrant,
  country: Country | null = null,
): Promise<GoogleSignIn> {
  const bySub = await db.query.users.findFirst({ where: eq(users.googleSub, grant.sub) });
  if (bySub) return { ok: true, user: await refreshFromGoogle(db, bySub, grant, country) };
  if (!grant.emailVerified) return { ok: false };
  const byEmail = await db.query.users.findFirst({ where: eq(users.email, grant.email) });
  if (byEmail) {
    if (byEmail.googleSub) return { ok: false };
    return { ok: true, user: await refreshFromGoogle(db, byEmail, grant, country) };
  }
  const [created] = await db
    .insert(users)
    .values({ email: grant.email, displayName: grant.name, googleSub: grant.sub, country })
    .returning();
  return { ok: true, user: created! };
}

async function refreshFromGoogle(db: Db, existing: User, grant: GoogleGrant, country: Country | null) {
  const [updated] = await db
    .update(users)
    .set({ googleSub: grant.sub, displayName: existing.displayName || grant.name, ...(country ? { country } : {}) })
    .where(eq(users.id, existing.id))
    .returning();
  return updated!;
}

/** Local development accounts are keyed by e-mail alone. */
export async function upsertLocalUser(db: Db, email: string, country: Country | null = null): Promise<User> {
  const normalised = email.trim().toLowerCase();
  const existing = await db.query.users.findFirst({ where: eq(users.email, normalised) });
  if (existing) {
    if (!country || existing.country === country) return existing;
    const [updated] = await db.update(users).set({ country }).where(eq(users.id, existing.id)).returning();
    return updated!;
  }
  const name = normalised.split("@")[0]!.replace(/[._-]+/g, " ");
  const [created] = await db
    .insert(users)
    .values({ email: normalised, displayName: name.replace(/\b\w/g, (c) => c.toUpperCase()), country })
    .returning();
  return created!;
}

/** Stores the grant's tokens (encrypted) and records which providers are now connected. */
export async function saveGoogleGrant(
  db: Db,
  userId: string,
  grant: GoogleGrant,
  tokenKey: string,
): Promise<void> {
  const accessToken = await encrypt(grant.accessToken, tokenKey);
  const refreshToken = grant.refreshToken ? await encrypt(grant.refreshToken, tokenKey) : null;
  const scopes = grant.scopes.join(" ");
  await db
    .insert(googleTokens)
    .values({ userId, accessToken, refreshToken, accessTokenExpiresAt: grant.accessTokenExpiresAt, scopes })
    .onConflictDoUpdate({
      target: googleTokens.userId,
      set: {
        accessToken,
        // Google sends a refresh token only on consent; keep the one we have otherwise.
        ...(refreshToken ? { refreshToken } : {}),
        accessTokenExpiresAt: grant.accessTokenExpiresAt,
        scopes,
        updatedAt: new Date(),
      },
    });
  await markConnections(db, userId, grant.scopes);
}

/** Sets emailProvider / calendarProvider from the scopes Google granted. */
export async function markConnections(db: Db, userId: string, scopes: string[]): Promise<void> {
  const set: Partial<User> = {};
  if (scopes.some((s) => s.includes("gmail"))) set.emailProvider = "gmail";
  if (scopes.some((s) => s.includes("calendar"))) set.calendarProvider = "gcal";
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, userId));
}

/** spec §3 "User profile", as `/api/user/profile` answers it. */
export async function profile(db: Db, env: Env, userId: string) {
  const user = await findUser(db, userId);
  if (!user) return null;
  // Children, events and waiting mail are the family's; the subscription its owner's (ADR 026).
  const family = await membershipOf(db, userId);
  const data = familyDb(env, family);
  const owner = family.key === userId ? user : ((await findUser(db, family.key)) ?? user);
  const [forwarding, kids, thisMonth, waiting] = await Promise.all([
    db.query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, userId) }),
    // The children are the family's rows; their schools, the directory's (ADR 027).
    data
      .select()
      .from(children)
      .where(eq(children.userId, family.key))
      .orderBy(children.createdAt)
      .then(async (rows) => {
        const schoolOf = await schoolsByIds(db, rows.map((child) => child.schoolId));
        return rows.map((child) => ({ child, school: (child.schoolId && schoolOf.get(child.schoolId)) || null }));
      }),
    // "Minutes saved this month" on the profile: one per event Cubby found this month.
    data
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.userId, family.key), gte(events.createdAt, startOfMonth(new Date())))),
    countWaitingMail(data, family.key),
  ]);
  return {
    _id: user.id,
    displayName: user.displayName,
    email: user.email,
    timezone: user.timezone,
    country: user.country,
    lastLocation:
      user.lastLat != null && user.lastLng != null ? { lat: user.lastLat, lng: user.lastLng } : null,
    emailProvider: user.emailProvider,
    calendarProvider: user.calendarProvider,
    forwardingAddress: forwarding
      ? { id: forwarding.id, address: forwarding.address, active: forwarding.active }
      : null,
    // Gmail's forwarding confirmation, shown on the /forward guide once its mail has arrived.
    forwardingConfirmation:
      forwarding?.confirmationCode || forwarding?.confirmationUrl
        ? { code: forwarding.confirmationCode, url: forwarding.confirmationUrl }
        : null,
    preferences: user.preferences,
    partnerEmail: user.partnerEmail,
    partnerConfirmed: Boolean(user.partnerEmail && user.partnerConfirmedAt),
    eventsThisMonth: thisMonth[0]?.n ?? 0,
    // Mail parked beyond Basic's month: the feed says how many wait for an upgrade.
    waitingMessages: waiting,
    familyRole: family.role,
    subscription: {
      subscriptionStatus: owner.subscriptionStatus,
      cancelAtPeriodEnd: owner.cancelAtPeriodEnd,
      currentPeriodEnd: owner.currentPeriodEnd?.toISOString() ?? null,
    },
    children: kids.map(({ child, school }) => ({
      _id: child.id,
      firstName: child.firstName,
      grade: child.grade,
      avatarId: child.avatarId,
      teachers: child.teachers,
      school: school
        ? { _id: school.id, name: school.name, city: school.city, stateProv: school.stateProv }
        : null,
    })),
  };
}

function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export type Profile = NonNullable<Awaited<ReturnType<typeof profile>>>;

/** spec §5: "The profile is saved with a timezone only if it has none." */
export async function setTimezoneIfMissing(db: Db, userId: string, timezone: string): Promise<boolean> {
  const user = await findUser(db, userId);
  if (!user || user.timezone) return false;
  await db.update(users).set({ timezone }).where(eq(users.id, userId));
  return true;
}

export async function updatePreferences(
  db: Db,
  userId: string,
  changes: Preferences,
): Promise<Preferences | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  const preferences = { ...user.preferences, ...changes };
  await db.update(users).set({ preferences }).where(eq(users.id, userId));
  return preferences;
}

/**
 * "Delete Data": everything Cubby learned or was given (mail, pages, events,
 * children, followed senders) — the family's, so a partner loses it too (the
 * profile says so first) — and this parent's own devices. The account, its
 * session, its Google connection and its forwarding address stay, so the
 * parent can start over.
 */
export async function deleteUserData(env: Env, userId: string): Promise<void> {
  const db = database(env);
  const family = await membershipOf(db, userId);
  const { key } = family;
  const rows = familyDb(env, family);
  await forgettingDeletedMail(rows, env.MAIL_STORE, key, () => rows.batch(deleteFamilyData(rows, key)));
  await db.batch([deleteFamilySchools(db, key), db.delete(pushTokens).where(eq(pushTokens.userId, userId))]);
}

/**
 * "Delete Account": the user row goes, and their own directory rows cascade from it.
 * A family with other parents stays with them (ADR 026): an owner hands it on
 * first. A parent alone takes the family's rows along, deleted where they live
 * (a cascade reaches only the directory's own database). Their username is held
 * (ADR 017) so the family's forwarded mail cannot reach a stranger.
 */
export async function deleteAccount(env: Env, userId: string): Promise<void> {
  const db = database(env);
  const family = await membershipOf(db, userId);
  const { key } = family;
  const inbox = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.userId, userId),
    columns: { username: true },
  });
  if (!(await leaveFamily(env, userId))) {
    const rows = familyDb(env, family);
    await forgettingDeletedMail(rows, env.MAIL_STORE, key, () => rows.batch(deleteFamilyData(rows, key)));
  }
  const removeAccount = db.delete(users).where(eq(users.id, userId));
  // Own schools have no foreign key to cascade from (schema.ts): they go first, their children's link set null.
  const removeOwnSchools = db.delete(schools).where(eq(schools.ownerId, userId));
  const hold = inbox ? [holdReleasedUsername(db, inbox.username, userId)] : [];
  await db.batch([removeOwnSchools, ...hold, removeAccount]);
}

/** ADR 017: two school years, long enough for every yearly mailing to have bounced off it. */
export const RELEASED_USERNAME_HOLD_DAYS = 730;

function holdReleasedUsername(db: Db, username: string, releasedBy: string) {
  return db
    .insert(releasedUsernames)
    .values({ username, releasedBy })
    .onConflictDoUpdate({ target: releasedUsernames.username, set: { releasedBy, releasedAt: new Date() } });
}

/** Whether someone other than `userId` gave this username up recently enough that it is still held. */
async function heldForSomeoneElse(db: Db, username: string, userId: string): Promise<boolean> {
  const since = new Date(Date.now() - RELEASED_USERNAME_HOLD_DAYS * 24 * 60 * 60 * 1000);
  const held = await db.query.releasedUsernames.findFirst({
    where: and(eq(releasedUsernames.username, username), gte(releasedUsernames.releasedAt, since)),
  });
  return !!held && held.releasedBy !== userId;
}

// --- the forwarding username (the spec leaves its rule open; see ADR 004) ---

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,29}$/;

const RESERVED_USERNAMES = new Set([
  "admin", "administrator", "root", "postmaster", "hostmaster", "webmaster", "abuse",
  "security", "support", "help", "info", "noreply", "no-reply", "mailer-daemon", "cubby",
  "team", "hello", "billing", "privacy", "legal", "api", "www", "mail", "inbox", "app",
]);

export type UsernameCheck = { ok: true; username: string } | { ok: false; message: string };

export function checkUsername(raw: unknown): UsernameCheck {
  if (typeof raw !== "string" || !raw.trim()) {
    return { ok: false, message: "Please choose a username." };
  }
  const username = raw.trim().toLowerCase();
  if (username.length < 3 || username.length > 30) {
    return { ok: false, message: "A username has 3 to 30 characters." };
  }
  if (!USERNAME_PATTERN.test(username)) {
    return {
      ok: false,
      message: "A username starts with a letter and uses only letters, digits, '.', '-' and '_'.",
    };
  }
  if (RESERVED_USERNAMES.has(username)) {
    return { ok: false, message: "That username is reserved. Please choose another." };
  }
  return { ok: true, username };
}

export type ClaimResult =
  | { ok: true; forwardingAddress: { id: string; address: string; active: boolean } }
  | { ok: false; taken: true };

/** Gives the parent `<username>@<domain>`, replacing an earlier choice of theirs. */
export async function claimUsername(
  db: Db,
  userId: string,
  username: string,
  inboundDomain: string,
): Promise<ClaimResult> {
  const address = `${username}@${inboundDomain.toLowerCase()}`;
  const [holder, previous] = await Promise.all([
    db.query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.username, username) }),
    db.query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, userId) }),
  ]);
  if (holder && holder.userId !== userId) return { ok: false, taken: true };
  if (await heldForSomeoneElse(db, username, userId)) return { ok: false, taken: true };
  try {
    const [[row]] = await db.batch([
      db
        .insert(forwardingAddresses)
        .values({ userId, username, address })
        .onConflictDoUpdate({
          target: forwardingAddresses.userId,
          set: { username, address },
        })
        .returning(),
      // A rename gives the old name up: it is held, and taking it back is theirs alone.
      ...(previous && previous.username !== username ? [holdReleasedUsername(db, previous.username, userId)] : []),
      db.delete(releasedUsernames).where(eq(releasedUsernames.username, username)),
    ]);
    return { ok: true, forwardingAddress: { id: row!.id, address: row!.address, active: row!.active } };
  } catch (error) {
    // Two parents racing for one name: the unique index decides.
    if (String(error).includes("UNIQUE")) return { ok: false, taken: true };
    throw error;
  }
}
