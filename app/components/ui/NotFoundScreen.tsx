/** spec §2: the 'Page Not Found' screen, for unknown paths and for records that are not there. */
import { ButtonLink } from "./Button";
import { CubbyMark } from "./CubbyMark";

export function NotFoundScreen() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-safe pt-safe pb-safe">
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <div className="relative">
          <CubbyMark size={88} className="rotate-[-8deg] rounded-[24px] shadow-card" />
          <span
            aria-hidden="true"
            className="absolute -right-4 -bottom-2 rounded-full bg-sun px-2.5 py-0.5 font-display text-callout font-bold text-[#2a221d] shadow-card"
          >
            404
          </span>
        </div>
        <h1 className="mt-4 text-title text-ink">Page Not Found</h1>
        <p className="max-w-xs text-body text-ink-soft">
          This page isn't in any of Cubby's cubbies. It may have moved, or the link may be mistyped.
        </p>
      </div>
      {/* A full page load: the landing page is plain HTML with no app JavaScript. */}
      <ButtonLink to="/" reloadDocument>
        Go Home
      </ButtonLink>
    </main>
  );
}
