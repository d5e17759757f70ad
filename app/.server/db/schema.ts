/**
 * The one schema for Cubby's D1 database (spec §3 plus what the server needs).
 * Migrations in `migrations/` are generated from this file by drizzle-kit.
 *
 * Every table that holds a parent's data carries `userId` and cascades on the
 * user's deletion, so "delete my account" is one statement and nothing of
 * theirs survives it. Ids are random (`newId`, 16 characters; older rows keep
 * their UUIDs); timestamps are epoch milliseconds.
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { mentionListColumn } from "./mention-list";
import { packedRowsColumn } from "./packed-rows";
import { newId } from "./new-id";

export type { MentionEntry } from "./mention-list";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(newId);
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const owner = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * The key of the family whose row this is (ADR 026). No reference to `users`: a family's
 * rows may live in a shard that holds no directory rows (ADR 027), and a family's rows are
 * deleted where they live, not by a cascade from the directory.
 */
const familyKeyColumn = () => text("user_id").notNull();

export interface Preferences {
  firstViewTutorial?: boolean;
  /** 'f' for Fahrenheit; anything else is Celsius. */
  tempUnits?: string;
  /** 'm' for miles; anything else is kilometres. */
  distUnits?: string;
  calendarInvitee?: string | null;
  weeklyPreview?: boolean;
}

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull().default(""),
  /** Google's stable subject id; null for local development accounts. */
  googleSub: text("google_sub").unique(),
  timezone: text("timezone"),
  /** spec §3: 'CAN' or 'other' (from where Cloudflare saw the sign-in); null until known. */
  country: text("country"),
  lastLat: real("last_lat"),
  lastLng: real("last_lng"),
  /** 'gmail' once Gmail read access is granted. */
  emailProvider: text("email_provider"),
  /** 'gcal' once Google Calendar access is granted. */
  calendarProvider: text("calendar_provider"),
  preferences: text("preferences", { mode: "json" })
    .$type<Preferences>()
    .notNull()
    .default(sql`'{}'`),
  partnerEmail: text("partner_email"),
  /** Set when the partner opened the link mailed to partnerEmail; until then only the parent gets previews. */
  partnerConfirmedAt: integer("partner_confirmed_at", { mode: "timestamp_ms" }),
  /** SHA-256 of the token in that link; replaced whenever partnerEmail changes. */
  partnerConfirmToken: text("partner_confirm_token"),
  /** UTC day ('YYYY-MM-DD') and count of the mails the parent had Cubby send to others that day. */
  mailSendsOn: text("mail_sends_on"),
  mailSends: integer("mail_sends").notNull().default(0),
  /**
   * The parent's local month ('YYYY-MM') and how many e-mails Cubby read for
   * them in it (spec §9 Basic limit). Kept on the account, not counted from
   * stored messages, so Delete Data or a rescan cannot hand out more reads.
   */
  mailReadsMonth: text("mail_reads_month"),
  mailReads: integer("mail_reads").notNull().default(0),
  subscriptionStatus: text("subscription_status"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" })
    .notNull()
    .default(false),
  currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
  billingCustomerId: text("billing_customer_id"),
  /** The provider's subscription (Stripe `sub_…`), cancelled when the parent deletes their account. */
  billingSubscriptionId: text("billing_subscription_id"),
  /** `created` of the newest billing event applied: an older one arriving late changes nothing. */
  billingEventAt: integer("billing_event_at", { mode: "timestamp_ms" }),
  /** The parent's local date ('YYYY-MM-DD') of the last weekly preview sent, so a cron run sends one once. */
  weeklyPreviewSentOn: text("weekly_preview_sent_on"),
  /** Gmail polling watermark: mail received before this instant was already read. */
  gmailCheckedAt: integer("gmail_checked_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * A family (ADR 026): the parents who share one feed. Family data (children,
 * events, sources, followed senders, hides, corrections) is keyed by the
 * owner's user id in each table's `user_id`: the owner is the family's key.
 * When the owner leaves or deletes their account, the family passes to a
 * remaining parent and its rows are re-keyed (app/.server/family/rekey.ts).
 */
export const families = sqliteTable("families", {
  id: id(),
  ownerId: text("owner_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The shard holding the family's rows (`DB_SHARD_<n>`, ADR 027): the newest open one when it began. */
  shard: integer("shard").notNull().default(1),
  createdAt: createdAt(),
});

/** The shards the directory knows, by number; new families go to the highest (ADR 027). */
export const shards = sqliteTable("shards", {
  number: integer("number").primaryKey(),
  openedAt: createdAt(),
});

/** One family per parent: every parent is in exactly one, alone or with others. */
export const familyMembers = sqliteTable(
  "family_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    joinedAt: createdAt(),
  },
  (t) => [index("family_members_family_idx").on(t.familyId)],
);

export type InviteStatus = "pending" | "accepted" | "declined" | "withdrawn";

/** An invitation to join a family, sent to an e-mail address; accepted by the parent who signs in with it. */
export const familyInvites = sqliteTable(
  "family_invites",
  {
    id: id(),
    familyId: text("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lowercase. */
    email: text("email").notNull(),
    status: text("status").$type<InviteStatus>().notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [index("family_invites_family_idx").on(t.familyId), index("family_invites_email_idx").on(t.email)],
);

/**
 * A parent's own save of a family event to their Google Calendar (spec "like"):
 * each parent has their own calendar, so each keeps their own.
 */
export const likes = sqliteTable(
  "likes",
  {
    /** The parent whose save it is; no reference to `users`, as for every family row (`familyKeyColumn`). */
    userId: text("user_id").notNull(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    externalCalendarId: text("external_calendar_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    // An event's likes: what its deletion cascades to, and what keeps it from being packed (ADR 038).
    index("likes_event_idx").on(t.eventId),
  ],
);

/** Only the SHA-256 of the session token is stored; the token lives in the cookie. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Google OAuth tokens, AES-GCM encrypted with TOKEN_KEY before they reach D1. */
export const googleTokens = sqliteTable("google_tokens", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token"),
  accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
  /** Space-separated scopes Google granted so far (incremental authorisation). */
  scopes: text("scopes").notNull().default(""),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

/** The personal forwarding address `<username>@INBOUND_DOMAIN`; one per parent. */
export const forwardingAddresses = sqliteTable("forwarding_addresses", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  username: text("username").notNull().unique(),
  address: text("address").notNull().unique(),
  /** False until the first e-mail arrives. */
  active: integer("active", { mode: "boolean" }).notNull().default(false),
  /** From Gmail's forwarding-confirmation mail, shown on the /forward screens. */
  confirmationCode: text("confirmation_code"),
  confirmationUrl: text("confirmation_url"),
  createdAt: createdAt(),
});

/**
 * A parent's other mailboxes (a work account, an old address) that they said are theirs
 * when they accepted mail forwarded from one (issue 31): trusted as they are, as the
 * sign-in address is (ADR 016), and proof that forwarding works. Stored as mailboxes
 * (sender-trust.ts `mailbox`). A parent's own thing: in the directory (ADR 027).
 */
export const ownAddresses = sqliteTable(
  "own_addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [uniqueIndex("own_addresses_user_address_idx").on(t.userId, t.address)],
);

/**
 * Usernames a parent gave up (renamed, or deleted their account). Schools,
 * clubs and Gmail filters keep mailing the old address, so no one else may
 * claim it for RELEASED_USERNAME_HOLD_DAYS (ADR 017); mail to it is refused.
 * No foreign key: the row outlives a deleted account on purpose.
 */
export const releasedUsernames = sqliteTable("released_usernames", {
  username: text("username").primaryKey(),
  /** Who gave it up: they, and only they, may take it back while it is held. */
  releasedBy: text("released_by").notNull(),
  releasedAt: integer("released_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

/** A public school directory entry; shared by everyone, not a parent's data. */
export const schools = sqliteTable(
  "schools",
  {
    id: id(),
    name: text("name").notNull(),
    city: text("city").notNull().default(""),
    stateProv: text("state_prov").notNull().default(""),
    country: text("country").notNull().default("USA"),
    lat: real("lat"),
    lng: real("lng"),
    /** Lowest and highest grade taught, as indices into the grade list. */
    gradeLow: integer("grade_low"),
    gradeHigh: integer("grade_high"),
    /** The school's mail domain, for recognising its messages. */
    domain: text("domain"),
    /** An iCalendar feed imported by /api/checkcalendars. */
    calendarUrl: text("calendar_url"),
    /**
     * Null for the public directory. A school a parent added themselves ("My
     * school isn't listed") is theirs alone: only they find it or pick it, and it
     * goes with their data. No foreign key: SQLite cannot add a cascading one to
     * an existing table, so Delete Data and Delete Account remove these rows
     * themselves (users.ts).
     */
    ownerId: text("owner_id"),
  },
  (t) => [index("schools_name_idx").on(t.name), index("schools_owner_idx").on(t.ownerId)],
);

export const children = sqliteTable(
  "children",
  {
    id: id(),
    userId: familyKeyColumn(),
    firstName: text("first_name").notNull(),
    grade: text("grade").notNull(),
    avatarId: text("avatar_id").notNull(),
    /** A school of the directory or one the family added; no reference: schools are the directory's. */
    schoolId: text("school_id"),
    /** Teacher and coach names, lowercase. */
    teachers: text("teachers", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [index("children_user_idx").on(t.userId)],
);

/** Followed senders: a lowercase address or a whole domain. */
export const watchlist = sqliteTable(
  "watchlist",
  {
    userId: familyKeyColumn(),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Senders seen in a parent's mail; the source of watchlist suggestions. */
export const senderAddresses = sqliteTable(
  "sender_addresses",
  {
    userId: familyKeyColumn(),
    address: text("address").notNull(),
    senderName: text("sender_name").notNull().default(""),
    /** Mail from them among the parent's recent Gmail, for school-like senders ("Suggested for you"). */
    gmailCount: integer("gmail_count").notNull().default(0),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** "held": mail from someone new, waiting for the parent to accept or discard it (ADR 016). */
export type SourceStatus = "pending" | "extracted" | "limited" | "failed" | "skipped" | "held";

/** An e-mail that reached Cubby (forwarded, or read from Gmail). */
export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    userId: familyKeyColumn(),
    /** The Message-ID header (or a content hash when missing), for de-duplication. */
    messageKey: text("message_key").notNull(),
    senderName: text("sender_name").notNull().default(""),
    senderAddress: text("sender_address").notNull().default(""),
    subject: text("subject").notNull().default(""),
    /** The Date header: the reference for relative dates. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    receivedAt: createdAt(),
    text: text("text"),
    html: text("html"),
    via: text("via").notNull().default("forward"),
    /** SMTP MAIL FROM of forwarded mail: whose forward it was (a parent's other mailbox, ADR 016). */
    envelopeFrom: text("envelope_from"),
    status: text("status").$type<SourceStatus>().notNull().default("pending"),
    statusDetail: text("status_detail"),
    eventsCount: integer("events_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("messages_user_key_idx").on(t.userId, t.messageKey),
    // The held list (newest first) and the feed's counts read one status of one family, not all its
    // mail; with receivedAt the planner prefers it to the (status, receivedAt) index across families.
    index("messages_user_status_idx").on(t.userId, t.status, t.receivedAt),
    // The cron's purge of stale held mail, across every family, without scanning all mail.
    index("messages_status_received_idx").on(t.status, t.receivedAt),
  ],
);

/** Readable text of a PDF or ICS attachment of a message. */
export const attachments = sqliteTable(
  "attachments",
  {
    id: id(),
    userId: familyKeyColumn(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull().default(""),
    contentType: text("content_type").notNull(),
    text: text("text").notNull().default(""),
  },
  (t) => [index("attachments_message_idx").on(t.messageId)],
);

/**
 * A mail's PDF not read yet, kept as base64 in pieces (a D1 row holds at most
 * 2 MB) until the queue job reads it and deletes them.
 */
export const pdfChunks = sqliteTable(
  "pdf_chunks",
  {
    userId: familyKeyColumn(),
    attachmentId: text("attachment_id")
      .notNull()
      .references(() => attachments.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    base64: text("base64").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);

/** A web page or PDF a parent asked Cubby to read. */
export const urlSources = sqliteTable(
  "url_sources",
  {
    id: id(),
    userId: familyKeyColumn(),
    url: text("url").notNull(),
    title: text("title").notNull().default(""),
    contentType: text("content_type").notNull().default("text/html"),
    html: text("html"),
    text: text("text"),
    parsedAt: createdAt(),
    status: text("status").$type<SourceStatus>().notNull().default("pending"),
    statusDetail: text("status_detail"),
    eventsCount: integer("events_count").notNull().default(0),
    /**
     * The parent who added the page (a directory user id, ADR 027: no reference across
     * databases); the message card credits them, "(You)" to themselves. Null for calendars
     * and for pages added before it was kept: the family's owner.
     */
    addedBy: text("added_by"),
  },
  (t) => [index("url_sources_user_idx").on(t.userId)],
);

/**
 * spec §3 recurrence {frequency, byDay}. A series read from mail or a page is
 * weekly on its byDay days (every `interval` weeks) and the feed expands it; a
 * calendar file's series also keeps its RRULE value (`rule`) and carries its
 * occurrences, as ical.js gives them, in `events.occurrences` (ADR 013).
 */
export interface Recurrence {
  frequency: "daily" | "weekly" | "monthly" | "yearly";
  byDay: string[];
  /** Every N weeks (days, months, years); 1 when absent. */
  interval?: number;
  /** The calendar file's RRULE value, as written (for the calendar feed out). */
  rule?: string;
}

/**
 * One occurrence of a calendar-file series: start and end stored like an
 * event's own (a UTC instant when timed, 'YYYY-MM-DD' when all-day).
 */
export interface Occurrence {
  start: string;
  end: string | null;
  /** A cancelled instance (STATUS:CANCELLED on its override): shown as cancelled. */
  cancelled?: boolean;
  /** An override's own title, when it differs from the series'. */
  eventName?: string;
}

export interface LocationObject {
  lat?: number;
  lng?: number;
  name?: string;
  streetAddress?: string;
  city?: string;
  state?: string;
}

export const events = sqliteTable(
  "events",
  {
    id: id(),
    userId: familyKeyColumn(),
    eventName: text("event_name").notNull(),
    description: text("description"),
    /** ISO: 'YYYY-MM-DD' for all-day, a full ISO instant for timed events. */
    start: text("start").notNull(),
    end: text("end"),
    dateTime: integer("date_time", { mode: "boolean" }).notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    range: integer("range", { mode: "boolean" }).notNull().default(false),
    startRange: text("start_range"),
    endRange: text("end_range"),
    recurrence: text("recurrence", { mode: "json" }).$type<Recurrence | null>(),
    /** A calendar file's series: every occurrence within the horizon (ADR 013); null otherwise. */
    occurrences: text("occurrences", { mode: "json" }).$type<Occurrence[] | null>(),
    monthEvent: integer("month_event", { mode: "boolean" }).notNull().default(false),
    weekEvent: integer("week_event", { mode: "boolean" }).notNull().default(false),
    firstView: integer("first_view", { mode: "boolean" }).notNull().default(false),
    /** Unused since ADR 026: likes are each parent's own (the likes table); kept for the rows before it. */
    like: integer("like", { mode: "boolean" }).notNull().default(false),
    dislike: integer("dislike", { mode: "boolean" }).notNull().default(false),
    dislikeReason: text("dislike_reason"),
    /** Child ids. */
    taggedPeople: text("tagged_people", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** True once the parent corrected the children by hand; tagging leaves it alone. */
    taggedPeopleFixed: integer("tagged_people_fixed", { mode: "boolean" })
      .notNull()
      .default(false),
    location: text("location"),
    locationObject: text("location_object", { mode: "json" }).$type<LocationObject | null>(),
    hyperlink: text("hyperlink"),
    externalCalendarId: text("external_calendar_id"),
    /** When the day-before reminder push went out; null until then. */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    /** The line or lines it was read from, as plain text (issue 30); null for events before it. */
    source: text("source"),
    /** The extractor's confidence, 0–1; null when it gave none (sure). */
    confidence: real("confidence"),
    /**
     * Waiting for a parent's answer: read with confidence below 0.5, it stays out of the
     * feed, reminders, conflicts, the weekly preview, the calendar feed out and saves
     * until a parent adds it (issue 30).
     */
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    /**
     * Its mentions (`MentionEntry[]`), written by the same statement that adds or drops
     * one (`withMention`, `withoutMentionsOf` in events.ts): the feed reads one row per
     * event (issue 32, ADR 027).
     */
    mentionList: mentionListColumn("mention_list").notNull().default(sql`'[]'`),
    /** Normalised name + date, so a second mention of the same event merges into it. */
    fingerprint: text("fingerprint").notNull(),
    /** Raised on every change, as iCalendar's SEQUENCE in the calendar feed out. */
    sequence: integer("sequence").notNull().default(0),
    /** The last change (null: never changed since createdAt). */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("events_user_start_idx").on(t.userId, t.start),
    // No (user_id, fingerprint) index: the merge finds its candidates by start (migration 0019).
    // The Basic tier counts the events read this month: without it, the count read every event of the family.
    index("events_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A family's events of one past month, packed (ADR 038): the rows of the events that ended
 * before last month leave `events` for one compressed row per family and month. The feed
 * and the calendar feed out read them with the live rows; a write to one of them (a like,
 * a hide, a mail about it) first puts its month back in `events` (past-months.ts).
 */
export const eventMonths = sqliteTable(
  "event_months",
  {
    userId: familyKeyColumn(),
    /** 'YYYY-MM' of the events' start. */
    month: text("month").notNull(),
    /** deflate-raw of `{ c: column names, r: each row's values }` (past-months.ts). */
    events: packedRowsColumn("events").notNull(),
    /** A new token on every write: a write or delete that read an older one does nothing. */
    version: text("version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * A school or club calendar (iCalendar) a parent subscribed Cubby to: read
 * like the directory's school calendars into a URL source of the same address,
 * refreshed daily, and removed with its events. `url` is the normalised
 * address Cubby fetches (https, Google's ical form), unique per parent.
 */
export const calendarLinks = sqliteTable(
  "calendar_links",
  {
    id: id(),
    userId: familyKeyColumn(),
    url: text("url").notNull(),
    /** What the parent calls it (the school's name when added with their school), else the feed's own name. */
    name: text("name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_links_user_url_idx").on(t.userId, t.url)],
);

/**
 * The secret address of a parent's calendar feed out (webcal://…/calendar/<token>.ics).
 * A capability: whoever has the token reads the feed, so "Reset link" replaces it.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

export const pushTokens = sqliteTable(
  "push_tokens",
  {
    id: id(),
    userId: owner(),
    token: text("token").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    platform: text("platform").notNull().default(""),
    createdAt: createdAt(),
    refreshedAt: integer("refreshed_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [uniqueIndex("push_tokens_user_token_idx").on(t.userId, t.token)],
);

/**
 * The weather of a place (coordinates rounded to about 10 km), shared by every
 * parent there: the provider is asked at most once per place per TTL.
 */
export const weatherCache = sqliteTable("weather_cache", {
  place: text("place").primaryKey(),
  /** The provider's answer in Cubby's shape (current + daily), JSON. */
  body: text("body").notNull(),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * E-mail Cubby sent (or, with the local fake, would have sent): the local
 * outbox. A log of what left, not data the parent gave us, so "Delete Data"
 * keeps it; "Delete Account" cascades it away.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    userId: owner(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** 'weekly-preview' or 'partner-confirmation' */
    kind: text("kind").notNull(),
    /** The send's Idempotency-Key: like the provider, the outbox keeps one mail per key. */
    idempotencyKey: text("idempotency_key").unique(),
    /** Extra headers the mail carried (List-Unsubscribe …). */
    headers: text("headers", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_user_idx").on(t.userId)],
);

/**
 * The idempotency keys of mails sent through a sender that keeps none of its own (Cloudflare
 * Email Sending, ADR 036): a key is written before its send and removed when the send fails,
 * so a retry of one logical send (ADR 019) mails no one twice. Kept a week, far longer than a
 * retry comes.
 */
export const sentMailKeys = sqliteTable("sent_mail_keys", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  claimedAt: createdAt(),
});

/**
 * Ids of the payment provider's webhook events already handled: the provider
 * delivers an event again until it sees a 2xx, and a replay must change
 * nothing. Not a parent's data (no user id); kept a month, longer than the
 * provider retries.
 */
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  createdAt: createdAt(),
});

/** Tables holding a parent's own rows; deletion tests walk this list. */
export const userTables = {
  sessions,
  googleTokens,
  forwardingAddresses,
  children,
  watchlist,
  senderAddresses,
  messages,
  attachments,
  pdfChunks,
  urlSources,
  events,
  pushTokens,
  calendarFeeds,
  calendarLinks,
} as const;
