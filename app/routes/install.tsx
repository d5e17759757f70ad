/**
 * /install: how to put Cubby on the home screen, for the browser in hand
 * (spec §2 "Other": iOS Safari, iOS Chrome, Android Chrome, Samsung Internet,
 * and a note for everything else). The browser comes from the root loader,
 * so the right steps are in the first paint.
 */
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/install";
import type { loader as rootLoader } from "~/root";
import { Emphasis } from "~/components/onboarding/Emphasis";
import { CubbyMark } from "~/components/ui/CubbyMark";
import { MenuIcon, MoreVerticalIcon, PlusSquareIcon, ShareIcon } from "~/components/ui/screen-icons";
import { Screen } from "~/components/ui/Screen";
import type { Browser } from "~/lib/user-agent";

export const meta: Route.MetaFunction = () => [{ title: "Install App · Cubby" }];

interface Step {
  icon: ReactNode;
  text: string;
}

const STEPS: Partial<Record<Browser, { name: string; steps: Step[] }>> = {
  "ios-safari": {
    name: "Safari",
    steps: [
      { icon: <ShareIcon />, text: "Tap the **Share** button in Safari's toolbar." },
      { icon: <PlusSquareIcon />, text: "Scroll down and tap **Add to Home Screen**." },
      { icon: <CubbyMark size={24} className="rounded-md" />, text: "Tap **Add**. Cubby is now on your home screen." },
    ],
  },
  "ios-chrome": {
    name: "Chrome",
    steps: [
      { icon: <ShareIcon />, text: "Tap the **Share** button in the address bar." },
      { icon: <PlusSquareIcon />, text: "Tap **Add to Home Screen**." },
      { icon: <CubbyMark size={24} className="rounded-md" />, text: "Tap **Add**. Cubby is now on your home screen." },
    ],
  },
  "android-chrome": {
    name: "Chrome",
    steps: [
      { icon: <MoreVerticalIcon />, text: "Tap the **menu** button at the top right." },
      { icon: <PlusSquareIcon />, text: "Tap **Add to home screen**, then **Install**." },
      { icon: <CubbyMark size={24} className="rounded-md" />, text: "Cubby is now with your other apps." },
    ],
  },
  "samsung-internet": {
    name: "Samsung Internet",
    steps: [
      { icon: <MenuIcon />, text: "Tap the **menu** button at the bottom right." },
      { icon: <PlusSquareIcon />, text: "Tap **Add page to**, then **Home screen**." },
      { icon: <CubbyMark size={24} className="rounded-md" />, text: "Tap **Add**. Cubby is now on your home screen." },
    ],
  },
};

export default function InstallApp() {
  const browser = useRouteLoaderData<typeof rootLoader>("root")?.browser ?? "desktop";
  const guide = STEPS[browser];

  return (
    <Screen
      back="history"
      hero={<CubbyMark size={72} className="rounded-[20px] shadow-card" />}
      title="Install App"
      lead={
        guide
          ? `Add Cubby to your home screen from ${guide.name} and open it like any other app.`
          : undefined
      }
    >
      {guide ? (
        <ol className="flex flex-col gap-3">
          {guide.steps.map((step, index) => (
            <li key={step.text} className="flex items-center gap-4 rounded-card bg-surface p-4 shadow-card">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sunken text-ink">
                {step.icon}
              </span>
              <p className="text-callout text-ink-soft">
                <span className="sr-only">Step {index + 1}: </span>
                <Emphasis text={step.text} />
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-card bg-surface p-5 text-body text-ink-soft shadow-card">
          Cubby can be installed only on a phone or tablet: use Safari or Chrome on iPhone and iPad,
          or Chrome or Samsung Internet on Android.
        </p>
      )}
    </Screen>
  );
}
