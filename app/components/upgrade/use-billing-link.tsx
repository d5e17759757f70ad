/**
 * Opens the payment provider's checkout or billing portal (spec §7 "External
 * links"): the API builds the link for the signed-in parent, the browser
 * follows it. A failure gets spec §8's generic error toast.
 */
import { useEffect, useState } from "react";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { billingUrl } from "./billing-url";

export function useBillingLink(kind: "checkout" | "portal") {
  const showToast = useToast();
  const [opening, setOpening] = useState(false);

  // Back from the provider's page can restore this page as it was left, button still busy: free it.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  async function open() {
    if (opening) return;
    setOpening(true);
    try {
      const response = await fetch(`/api/billing/${kind}`, { credentials: "include" });
      if (!response.ok) throw new Error(`Billing ${kind} answered ${response.status}`);
      // Stays busy while the browser leaves for the provider's page.
      window.location.assign(billingUrl(await response.json()));
    } catch (error) {
      console.error(`Failed to open the billing ${kind}`, error);
      showToast(errorToast(UNEXPECTED_ERROR));
      setOpening(false);
    }
  }

  return { open: () => void open(), opening };
}
