import { database, type Db } from "../../db/client";
import { config } from "../../env";
import { integrationMode } from "../mode";
import { cloudflareMail } from "./cloudflare-mail";
import { fakeMailSender } from "./fake-mail";
import type { MailSender } from "./provider";
import { resendMail } from "./resend";

/**
 * Cloudflare Email Sending when the Worker has the `MAIL` binding (ADR 036), else Resend
 * when its key is set; null when a real deployment has neither: previews are then not sent.
 */
export function chooseMail(env: Env, db: Db): MailSender | null {
  if (integrationMode(env) === "fake") return fakeMailSender(db);
  const { RESEND_API_KEY, MAIL_FROM } = config(env);
  if (!MAIL_FROM) return null;
  if (env.MAIL) return cloudflareMail(env.MAIL, MAIL_FROM, database(env));
  return RESEND_API_KEY ? resendMail(RESEND_API_KEY, MAIL_FROM) : null;
}
