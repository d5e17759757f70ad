import { describe, expect, it } from "vitest";
import { afterClose, type ShownToast } from "./toast-context";

describe("what the toast area shows once a toast has faded out", () => {
  const older: ShownToast = { id: 1, toast: { title: "Error", description: "Failed to send weekly preview email." } };
  const newer: ShownToast = { id: 2, toast: { title: "Success", description: "All your data has been deleted." } };

  it("shows nothing once the toast on screen has faded", () => {
    expect(afterClose(older, older.id)).toBeNull();
  });

  it("keeps a toast that took the fading one's place before the fading one's close came", () => {
    // The older toast's close timer can fire after the newer one was asked for but before React
    // drew it: the newer toast must survive that close.
    expect(afterClose(newer, older.id)).toBe(newer);
  });

  it("has nothing to close when nothing is shown", () => {
    expect(afterClose(null, older.id)).toBeNull();
  });
});
