/** spec §2 "Profile": Report a Bug opens a mail draft to the support mailbox. */
export const SUPPORT_EMAIL = "support@cubby.app";

/** A mailto: link with a subject and a body that already says where the parent is. */
export function bugReportLink(details: { email: string; userAgent: string }): string {
  const body = [
    "What happened?",
    "",
    "",
    "What did you expect?",
    "",
    "",
    "---",
    `Account: ${details.email}`,
    `Browser: ${details.userAgent}`,
  ].join("\n");
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Cubby bug report")}&body=${encodeURIComponent(body)}`;
}
