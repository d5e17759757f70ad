import { describe, expect, it } from "vitest";
import { greetingsAndSignatures, isForward, parseWriter, writers } from "./letter";

describe("writers", () => {
  it("finds the sender, a forward's original sender and a reply's quoted sender", () => {
    const text = [
      "FYI",
      "---------- Forwarded message ---------",
      "From: Mrs. Alvarez <malvarez@school.example.org>",
      "Reading night Thursday.",
      "On Mon, Nov 9, 2026 at 3:12 PM, Mr. Okafor <jokafor@school.example.org> wrote:",
      "> Presentations Friday.",
      "From: Okafor, James [mailto:jokafor@school.example.org]",
    ].join("\n");
    const found = writers({ from: { name: "Chris", address: "chris@gmail.com" }, text });
    expect(found).toEqual([
      { name: "Chris", address: "chris@gmail.com" },
      { name: "Mrs. Alvarez", address: "malvarez@school.example.org" },
      { name: "Mr. Okafor", address: "jokafor@school.example.org" },
      { name: "Okafor, James", address: "jokafor@school.example.org" },
    ]);
    expect(parseWriter("apatel@x.example.org")).toEqual({ name: "", address: "apatel@x.example.org" });
  });

  it("tells a forward from a reply", () => {
    expect(isForward({ subject: "Fwd: Trip", text: "" })).toBe(true);
    expect(isForward({ subject: "Re: Trip", text: "On Mon, X wrote:" })).toBe(false);
  });
});

describe("greetingsAndSignatures", () => {
  it("keeps the greeting and the signed lines, not the items between them", () => {
    const text = "Hello families,\nMr. Okafor's class leads the assembly on Thursday, November 12.\nBook fair all week.\nThank you,\nMs. Hartley\nPrincipal";
    expect(greetingsAndSignatures(text).split("\n")).toEqual(["Hello families,", "Ms. Hartley", "Principal"]);
  });

  it("does not take a short note's dated last line for a signature", () => {
    expect(greetingsAndSignatures("Our choir sings with Maplewood Elementary on Wednesday, December 9.")).toBe("");
  });
});
