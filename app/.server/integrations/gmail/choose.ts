import { integrationMode } from "../mode";
import { fakeGmail } from "./fake-gmail";
import { googleGmail } from "./google-gmail";
import type { GmailProvider } from "./provider";

export function chooseGmail(env: Env, userId: string): GmailProvider {
  return integrationMode(env) === "fake" ? fakeGmail(userId) : googleGmail;
}
