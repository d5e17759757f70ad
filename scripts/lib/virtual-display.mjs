/**
 * A virtual screen (Xvfb) for a headed Chromium. Headless Chromium has no display: it does not
 * always report a frame as presented, and Event Timing then runs an interaction on to the next
 * frame it does report (ADR 034: a like's figure ran to its toast, three seconds on). Drawn on
 * an X screen, every frame is presented as on a phone's.
 */
import { spawn } from "node:child_process";

/**
 * Starts Xvfb on a free display and resolves with it (":99"), or with null when Xvfb is not
 * installed (`apt-get install -y xvfb`).
 * @returns {Promise<{ display: string, stop: () => void } | null>}
 */
export function startVirtualDisplay() {
  return new Promise((resolve, reject) => {
    // -displayfd: Xvfb picks a free display and writes its number to fd 3 once it takes connections.
    const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let said = "";
    let errors = "";
    xvfb.stderr?.on("data", (chunk) => (errors += chunk));
    xvfb.on("error", (error) => ((/** @type {NodeJS.ErrnoException} */ (error)).code === "ENOENT" ? resolve(null) : reject(error)));
    xvfb.on("exit", (code) => reject(new Error(`Xvfb stopped (${code}) before it had a display: ${errors.trim()}`)));
    xvfb.stdio[3]?.on("data", (chunk) => {
      said += chunk;
      if (!said.includes("\n")) return;
      xvfb.removeAllListeners("exit");
      resolve({ display: `:${said.trim()}`, stop: () => xvfb.kill() });
    });
  });
}
