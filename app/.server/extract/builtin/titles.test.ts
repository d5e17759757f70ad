import { describe, expect, it } from "vitest";
import { GAP, nameAmountDue, titleFromMention } from "./titles";

describe("titles beside a date", () => {
  it("never names an event by the other language's half of a bilingual date line", () => {
    expect(titleFromMention(`${GAP} / Vendredi, ${GAP}`)).toBe("");
    expect(titleFromMention(`${GAP} / lundi le 3 mars`)).toBe("");
    expect(titleFromMention(`Thu ${GAP} (Thursday)`)).toBe("");
  });

  it("keeps a real name beside calendar words", () => {
    expect(titleFromMention(`${GAP} / Mardi, ${GAP} – Photo day`)).toBe("Photo day");
    expect(titleFromMention(`May ${GAP}: Spring Concert`)).toBe("Spring Concert");
  });
});

describe("nameAmountDue", () => {
  it("names a sum of money due as a payment", () => {
    expect(nameAmountDue("$40 due")).toBe("Payment of $40 due");
    expect(nameAmountDue("€12,50 is due")).toBe("Payment of €12,50 due");
    expect(nameAmountDue("15 $ dû")).toBe("Payment of 15 $ due");
  });

  it("leaves a named deadline alone", () => {
    expect(nameAmountDue("Field trip money due")).toBe("Field trip money due");
    expect(nameAmountDue("$5 bake sale")).toBe("$5 bake sale");
  });
});
