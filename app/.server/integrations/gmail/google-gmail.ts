/** The real GmailProvider: Gmail API v1 on the signed-in parent's mailbox (gmail.readonly). */
import { callService } from "../http";
import { SUGGESTION_HEADERS, type GmailMessageHeaders, type GmailMessageList, type GmailProvider, type GmailRawMessage } from "./provider";

const MESSAGES_URL = "https://gmail.googleapis.com/gmail/v1/users/me/messages";
const SERVICE = "Gmail";

export const googleGmail: GmailProvider = {
  listMessages(accessToken, query, pageToken) {
    // Gmail's largest page: most checks need one request. Further pages come by pageToken.
    const params = new URLSearchParams({ q: query, maxResults: "500" });
    if (pageToken) params.set("pageToken", pageToken);
    return callService<GmailMessageList>(SERVICE, `${MESSAGES_URL}?${params}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
  },
  getMessageHeaders(accessToken, id) {
    const params = new URLSearchParams({ format: "metadata" });
    for (const name of SUGGESTION_HEADERS) params.append("metadataHeaders", name);
    return callService<GmailMessageHeaders>(SERVICE, `${MESSAGES_URL}/${encodeURIComponent(id)}?${params}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
  },
  getRawMessage(accessToken, id) {
    return callService<GmailRawMessage>(SERVICE, `${MESSAGES_URL}/${encodeURIComponent(id)}?format=raw`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
  },
};
