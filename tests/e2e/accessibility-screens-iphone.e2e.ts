/** The walk through every screen on the iPhone 14 (accessibility-screens.ts). */
import { auditEveryScreen } from "./accessibility-screens";
import { useBrowser } from "./browser";

auditEveryScreen("iPhone 14", useBrowser());
