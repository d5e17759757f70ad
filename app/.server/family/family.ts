/**
 * One family, several parents (ADR 026): inviting a partner by e-mail,
 * accepting (bringing one's own data or starting clean), leaving, removing,
 * and what the family looks like to each parent (`GET /api/family`).
 */
import { and, eq, ne } from "drizzle-orm";
import { database, type Db } from "../db/client";
import { familyDb } from "./data";
import { families, familyInvites, familyMembers, users } from "../db/schema";
import { config } from "../env";
import { chooseMail } from "../integrations/mail/choose";
import { MAIL_LIMIT_REACHED, takeMailSend } from "../integrations/mail/daily-allowance";
import { escapeHtml } from "../integrations/mail/weekly-preview";
import { isPremium } from "~/lib/subscription";
import { deleteFamilyData, deleteFamilySchools } from "./family-data";
import { membershipOf, membersOf } from "./membership";
import { forgettingDeletedMail } from "../ingest/mail-store";
import { moveFamily } from "./move";
import { rekeyFamilyRows, rekeyFamilySchools } from "./rekey";
import { unpackFamilies } from "../past-months";

/** Parents in one family, and invitations waiting at once: enough for two households and grandparents. */
export const MAX_FAMILY_MEMBERS = 6;
export const MAX_PENDING_INVITES = 10;

export interface InviteView {
  id: string;
  email: string;
  status: string;
}

export interface FamilyView {
  id: string;
  members: { userId: string; email: string; role: "owner" | "partner" }[];
  invites: InviteView[];
  /** Invitations to other families waiting for this parent. */
  incoming: { id: string; from: string }[];
}

export async function familyView(db: Db, userId: string): Promise<FamilyView> {
  const membership = await membershipOf(db, userId);
  const me = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  const [members, invites, incoming] = await Promise.all([
    db
      .select({ userId: users.id, email: users.email })
      .from(familyMembers)
      .innerJoin(users, eq(familyMembers.userId, users.id))
      .where(eq(familyMembers.familyId, membership.familyId))
      .orderBy(familyMembers.joinedAt),
    db
      .select({ id: familyInvites.id, email: familyInvites.email, status: familyInvites.status })
      .from(familyInvites)
      .where(and(eq(familyInvites.familyId, membership.familyId), eq(familyInvites.status, "pending")))
      .orderBy(familyInvites.createdAt),
    me ? pendingInvitesFor(db, me.email, membership.familyId) : [],
  ]);
  return {
    id: membership.familyId,
    members: members.map((m) => ({ ...m, role: m.userId === membership.key ? "owner" : "partner" })),
    invites,
    incoming,
  };
}

async function pendingInvitesFor(db: Db, email: string, ownFamilyId: string) {
  const rows = await db
    .select({ id: familyInvites.id, from: users.email })
    .from(familyInvites)
    .innerJoin(users, eq(familyInvites.invitedBy, users.id))
    .where(
      and(
        eq(familyInvites.email, email.toLowerCase()),
        eq(familyInvites.status, "pending"),
        ne(familyInvites.familyId, ownFamilyId),
      ),
    )
    .orderBy(familyInvites.createdAt);
  return rows;
}

export function familyInviteMail(inviterName: string, link: string) {
  const subject = `${inviterName} invited you to share their family on Cubby`;
  const text =
    `${inviterName} invited you to share their family's schedule on Cubby: the same feed, children and messages.\n\n` +
    `Sign in with this address to accept: ${link}\n\n` +
    "If you do not know them, ignore this mail: nothing more will be sent.\n";
  const html =
    `<p>${escapeHtml(inviterName)} invited you to share their family's schedule on Cubby: the same feed, children and messages.</p>` +
    `<p><a href="${escapeHtml(link)}">Sign in with this address to accept</a></p>` +
    "<p>If you do not know them, ignore this mail: nothing more will be sent.</p>";
  return { subject, text, html };
}

export type InviteOutcome =
  | { ok: true; invite: InviteView }
  | { ok: false; status: 402 | 409 | 429; error: string };

export const FAMILY_IS_PREMIUM = "Sharing your family with a partner is a Premium feature.";

/**
 * Invites `email` to the parent's family and mails them the link, if today's
 * mail allowance has room. A family is Premium when its owner is.
 */
export async function invitePartner(
  db: Db,
  env: Env,
  userId: string,
  rawEmail: string,
  /** `mail: false`: the Parenting Partner row's own mail carries the invitation (partner.ts). */
  { mail: sendMail = true }: { mail?: boolean } = {},
): Promise<InviteOutcome> {
  const email = rawEmail.trim().toLowerCase();
  const membership = await membershipOf(db, userId);
  const [owner, inviter, members, pending] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, membership.key), columns: { subscriptionStatus: true } }),
    db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true, displayName: true } }),
    db
      .select({ email: users.email })
      .from(familyMembers)
      .innerJoin(users, eq(familyMembers.userId, users.id))
      .where(eq(familyMembers.familyId, membership.familyId)),
    db
      .select({ id: familyInvites.id, email: familyInvites.email })
      .from(familyInvites)
      .where(and(eq(familyInvites.familyId, membership.familyId), eq(familyInvites.status, "pending"))),
  ]);
  if (!isPremium(owner?.subscriptionStatus)) return { ok: false, status: 402, error: FAMILY_IS_PREMIUM };
  if (members.some((m) => m.email.toLowerCase() === email)) {
    return { ok: false, status: 409, error: "This parent is already in your family." };
  }
  const again = pending.find((invite) => invite.email === email);
  if (again) return { ok: true, invite: { id: again.id, email, status: "pending" } };
  if (members.length + pending.length >= MAX_FAMILY_MEMBERS || pending.length >= MAX_PENDING_INVITES) {
    return { ok: false, status: 409, error: `A family has at most ${MAX_FAMILY_MEMBERS} parents.` };
  }
  const sender = sendMail ? chooseMail(env, db) : null;
  if (sender && !(await takeMailSend(db, userId))) {
    return { ok: false, status: 429, error: MAIL_LIMIT_REACHED };
  }
  const [invite] = await db
    .insert(familyInvites)
    .values({ familyId: membership.familyId, invitedBy: userId, email })
    .returning({ id: familyInvites.id });
  if (sender && inviter) {
    const link = new URL("/profile", config(env).APP_URL).toString();
    const mail = familyInviteMail(inviter.displayName || inviter.email, link);
    await sender.send({ userId, to: email, kind: "family-invite", ...mail, idempotencyKey: `family-invite/${invite!.id}` });
  }
  return { ok: true, invite: { id: invite!.id, email, status: "pending" } };
}

export type AcceptOutcome = { ok: true; family: FamilyView } | { ok: false; status: 404 | 409; error: string };

/**
 * The invited parent joins. Only the parent signed in with the invited address
 * may accept. Their own family data comes along ("mine") or is cleared
 * ("none"); a parent who already shares a family with others leaves it first.
 */
export async function acceptInvite(env: Env, userId: string, inviteId: string, bring: "mine" | "none"): Promise<AcceptOutcome> {
  const db = database(env);
  const [me, invite] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } }),
    db.query.familyInvites.findFirst({ where: and(eq(familyInvites.id, inviteId), eq(familyInvites.status, "pending")) }),
  ]);
  if (!me || !invite || invite.email !== me.email.toLowerCase()) return { ok: false, status: 404, error: "Invitation not found." };
  const current = await membershipOf(db, userId);
  if (current.familyId === invite.familyId) return { ok: true, family: await familyView(db, userId) };
  if ((await membersOf(db, current.familyId)).length > 1) {
    return { ok: false, status: 409, error: "Leave your current family before joining another." };
  }
  const family = await db.query.families.findFirst({ where: eq(families.id, invite.familyId) });
  if (!family) return { ok: false, status: 404, error: "Invitation not found." };
  // The family's rows first ("none" clears the joining parent's; "mine" moves them, dropping the copies
  // the family already has), then the directory's: a membership never points at rows still on the way.
  // Rekeying moves rows within one database: a parent bringing theirs from another shard is moved first.
  if (bring === "mine" && current.shard !== family.shard) await moveFamily(env, current, family.shard);
  const rows = familyDb(env, { key: userId, shard: bring === "mine" ? family.shard : current.shard });
  if (bring === "mine") await unpackFamilies(rows, userId, family.ownerId);
  await forgettingDeletedMail(rows, env.MAIL_STORE, userId, () =>
    rows.batch(bring === "mine" ? rekeyFamilyRows(rows, userId, family.ownerId) : deleteFamilyData(rows, userId)),
  );
  await db.batch([
    bring === "mine" ? rekeyFamilySchools(db, userId, family.ownerId) : deleteFamilySchools(db, userId),
    db.update(familyMembers).set({ familyId: family.id, joinedAt: new Date() }).where(eq(familyMembers.userId, userId)),
    db.delete(families).where(eq(families.id, current.familyId)),
    db.update(familyInvites).set({ status: "accepted" }).where(eq(familyInvites.id, invite.id)),
  ]);
  return { ok: true, family: await familyView(db, userId) };
}

/** Withdraws the family's pending invitations to an address (the Parenting Partner row changed). */
export async function withdrawInvitesTo(db: Db, userId: string, email: string): Promise<void> {
  const { familyId } = await membershipOf(db, userId);
  await db
    .update(familyInvites)
    .set({ status: "withdrawn" })
    .where(
      and(
        eq(familyInvites.familyId, familyId),
        eq(familyInvites.email, email.toLowerCase()),
        eq(familyInvites.status, "pending"),
      ),
    );
}

/** Withdraws (a member of the inviting family) or declines (the invited parent) an invitation. */
export async function dropInvite(db: Db, userId: string, inviteId: string): Promise<boolean> {
  const [membership, me] = await Promise.all([
    membershipOf(db, userId),
    db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } }),
  ]);
  const invite = await db.query.familyInvites.findFirst({
    where: and(eq(familyInvites.id, inviteId), eq(familyInvites.status, "pending")),
  });
  if (!invite || !me) return false;
  const ours = invite.familyId === membership.familyId;
  const mine = invite.email === me.email.toLowerCase();
  if (!ours && !mine) return false;
  await db
    .update(familyInvites)
    .set({ status: ours ? "withdrawn" : "declined" })
    .where(eq(familyInvites.id, invite.id));
  return true;
}

/**
 * Statements that take `userId` out of their family. An owner with others
 * hands the family (and its rows) to the parent who joined first; alone, the
 * family is theirs and nothing moves. Their next request finds no membership
 * and starts a new, empty family (membership.ts).
 */
export async function leaveFamily(env: Env, userId: string): Promise<boolean> {
  const db = database(env);
  const membership = await membershipOf(db, userId);
  const others = (await membersOf(db, membership.familyId)).filter((m) => m.userId !== userId);
  if (!others.length) return false;
  const leave = db.delete(familyMembers).where(eq(familyMembers.userId, userId));
  if (membership.role === "partner") {
    await leave;
    return true;
  }
  // The rows pass to the heir's key first, then the directory names the heir owner.
  const heir = others[0]!.userId;
  const rows = familyDb(env, membership);
  await unpackFamilies(rows, userId, heir);
  await rows.batch(rekeyFamilyRows(rows, userId, heir));
  await db.batch([rekeyFamilySchools(db, userId, heir), db.update(families).set({ ownerId: heir }).where(eq(families.id, membership.familyId)), leave]);
  return true;
}

export type RemoveOutcome = { ok: true } | { ok: false; status: 403 | 404; error: string };

/** `DELETE /api/family/members/:userId`: the owner removes a parent, or a parent removes themself. */
export async function removeMember(env: Env, userId: string, memberId: string): Promise<RemoveOutcome> {
  const db = database(env);
  const membership = await membershipOf(db, userId);
  const members = await membersOf(db, membership.familyId);
  if (!members.some((m) => m.userId === memberId)) return { ok: false, status: 404, error: "Not in your family." };
  if (memberId !== userId && membership.role !== "owner") {
    return { ok: false, status: 403, error: "Only the family's owner can remove a parent." };
  }
  if (!(await leaveFamily(env, memberId))) return { ok: false, status: 404, error: "Not in your family." };
  return { ok: true };
}
