/**
 * / and /join: what Cubby is, and signing in with Google (spec §2 "Onboarding
 * screens" 1). Plain HTML and CSS: this page ships no JavaScript at all.
 */
import type { Route } from "./+types/landing";
import type { RouteHandle } from "~/root";
import { Illustration } from "~/components/landing/Illustration";
import { CubbyMark } from "~/components/ui/CubbyMark";
import { GoogleLogo } from "~/components/ui/screen-icons";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Cubby · Stress-free school and sports scheduling" },
  {
    name: "description",
    content:
      "Cubby turns school, teacher and coach emails into one calm, day-by-day schedule for your kids.",
  },
];

export default function Landing() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-safe pt-safe pb-safe">
      <header className="flex h-touch items-center gap-2.5">
        <CubbyMark size={32} className="rounded-[9px]" />
        <span className="font-display text-headline font-bold tracking-tight">Cubby</span>
      </header>

      <div className="flex flex-1 items-center justify-center py-4">
        <Illustration />
      </div>

      <section className="animate-rise">
        <h1 className="text-display text-ink">Stress-free school and sports scheduling</h1>
        <p className="mt-3 text-body text-ink-soft">
          Cubby reads the emails from school, teachers and coaches and turns them into one calm,
          day-by-day schedule for your kids.
        </p>
      </section>

      <div className="mt-8 flex flex-col gap-4">
        <a
          href="/api/auth/google"
          className="inline-flex min-h-button w-full items-center justify-center gap-3 rounded-button bg-ink px-6 text-body font-semibold text-on-ink shadow-card transition active:scale-[0.98]"
        >
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-white">
            <GoogleLogo size={18} />
          </span>
          Continue with Google
        </a>
        <p className="text-center text-footnote text-ink-faint">
          By continuing you agree to Cubby's{" "}
          <a className="font-medium text-ink-soft underline underline-offset-2" href="/terms-of-service.html">
            Terms of Service
          </a>{" "}
          and{" "}
          <a className="font-medium text-ink-soft underline underline-offset-2" href="/privacy-policy.html">
            Privacy Policy
          </a>
          . Your data is kept secure and never sold.
        </p>
      </div>
    </main>
  );
}
