/**
 * Gmail as Cubby reads it (spec §1 option A): list the messages a search
 * query matches, then fetch each one raw (RFC 822, base64url), as Gmail API
 * v1 users.messages.list and users.messages.get?format=raw answer them.
 */
export interface GmailMessageRef {
  id: string;
  threadId: string;
}

export interface GmailMessageList {
  messages?: GmailMessageRef[];
  nextPageToken?: string;
  resultSizeEstimate?: number;
}

export interface GmailRawMessage {
  id: string;
  threadId: string;
  /** Epoch milliseconds as a string, when Gmail received it. */
  internalDate: string;
  /** The whole RFC 822 message, base64url. */
  raw: string;
}

/** users.messages.get?format=metadata: only the headers asked for. */
export interface GmailMessageHeaders {
  id: string;
  payload: { headers: { name: string; value: string }[] };
}

/** The headers "Suggested for you" reads: never a body. */
export const SUGGESTION_HEADERS = ["From", "List-Id"] as const;

export interface GmailProvider {
  listMessages(accessToken: string, query: string, pageToken?: string): Promise<GmailMessageList>;
  getRawMessage(accessToken: string, id: string): Promise<GmailRawMessage>;
  getMessageHeaders(accessToken: string, id: string): Promise<GmailMessageHeaders>;
}
