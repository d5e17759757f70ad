/**
 * `npm run dev:premium -- <email>`
 *
 * Development only: makes a local parent Premium (subscription_status
 * 'active') in the LOCAL D1 that `npm run dev` uses, so a developer can try
 * Premium features (unlimited e-mail, web pages and PDFs) without a billing
 * provider. It never touches a remote database.
 *
 * The parent must exist: sign in once first with
 * http://localhost:5173/api/auth/google?login_hint=<email>.
 */
import { fileURLToPath } from "node:url";
import { makePremium, parentEmail } from "./lib/local-d1";

const root = fileURLToPath(new URL("..", import.meta.url));

function usage(): never {
  console.error("Usage: npm run dev:premium -- <email of a local parent>");
  process.exit(2);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) usage();
  let email: string;
  try {
    email = parentEmail(args[0]!);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (!(await makePremium(email, { root }))) {
    console.error(
      `No local parent signs in as ${email}, so nothing changed.\n` +
        `Sign in first (npm run dev running): http://localhost:5173/api/auth/google?login_hint=${encodeURIComponent(email)}`,
    );
    return 1;
  }
  console.info(`${email} is now Premium (subscription_status 'active') in the local D1.`);
  return 0;
}

process.exitCode = await main();
