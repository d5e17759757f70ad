/**
 * A new row id: 16 characters of base64url, 96 random bits.
 *
 * Shorter than a UUID's 36 characters on purpose (issue 32): an id is paid for several times
 * over. An event's id sits in its row, in the primary key's index and in each mention of it;
 * a parent's id is also the family key (ADR 026), in every family row and in every index of
 * every family table. 96 bits keep the chance of two ids alike, among a billion of them,
 * below one in a hundred billion.
 *
 * Rows made before it keep their UUIDs: an id is only ever compared whole.
 */
import { randomToken } from "../auth/crypto";

/** 12 random bytes are 16 base64url characters, with no padding. */
export const newId = (): string => randomToken(12);
