import type { Db } from "../../db/client";
import { config } from "../../env";
import { integrationMode } from "../mode";
import { fakeMailSender } from "./fake-mail";
import type { MailSender } from "./provider";
import { resendMail } from "./resend";

/** Null when a real deployment has no mail settings: previews are then not sent. */
export function chooseMail(env: Env, db: Db): MailSender | null {
  if (integrationMode(env) === "fake") return fakeMailSender(db);
  const { RESEND_API_KEY, MAIL_FROM } = config(env);
  return RESEND_API_KEY && MAIL_FROM ? resendMail(RESEND_API_KEY, MAIL_FROM) : null;
}
