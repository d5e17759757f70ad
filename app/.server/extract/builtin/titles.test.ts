import { describe, expect, it } from "vitest";
import { extractEvents } from "../pipeline";
import { readText } from "../read/text";
import { GAP, nameAmountDue, titleFromMention, titleFromSentence } from "./titles";

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

describe("titles that name the thing, not who it is for or what it costs", () => {
  it("cuts a long list item before where and for whom", () => {
    expect(titleFromMention(`${GAP} | Grade 2 Diwali performance for families in the library at ${GAP} |`)).toBe("Grade 2 Diwali performance");
    expect(titleFromMention(`${GAP} – Kindergarten graduation celebrations with the whole school community in the big hall`)).toBe("Kindergarten graduation celebrations");
  });

  it("keeps a short aside inside a name", () => {
    expect(titleFromMention(`${GAP} | Family maths (KS2) workshop – ${GAP}`)).toBe("Family maths workshop");
  });

  it("names the event an invitation is for", () => {
    expect(titleFromMention(`${GAP} | Grandparents are warmly invited to the Spring Tea Party in the library |`)).toBe("Spring Tea Party");
    expect(titleFromMention(`${GAP} Families are welcome at the Harvest Festival assembly`)).toBe("Harvest Festival assembly");
  });

  it("skips an audience or a price column", () => {
    expect(titleFromMention(`ALL GRADES | Pajama day | ${GAP}`)).toBe("Pajama day");
    expect(titleFromMention(`Years 3-4 | Museum visit | ${GAP}`)).toBe("Museum visit");
    expect(titleFromMention(`${GAP}, 6 classes, $180`)).toBe("");
  });

  it("names a closure by the place that closes", () => {
    expect(titleFromSentence(`Because of the ice storm, Lakeside Academy will be closed ${GAP}`)).toBe("Lakeside Academy closed");
    expect(titleFromSentence(`Due to a water main break, the pool will close at ${GAP}`)).toBe("Pool closes");
  });
});

describe("an existential sentence", () => {
  it("is named by what there is, not by a noun in the clause after it", () => {
    expect(titleFromMention(`There is no school on ${GAP}, so the week ends early.`)).toBe("No school");
    expect(titleFromMention(`There will be teacher training on ${GAP}, and the week after is normal.`)).toBe("Teacher training");
    expect(titleFromSentence(`There's teacher training on ${GAP}, so the week runs on a shortened rota for every class in the school.`)).toBe("Teacher training");
  });

  it("leaves a long description to the other rules", () => {
    expect(titleFromMention(`There will be lots of chances for the children to try new things at ${GAP}`)).not.toMatch(/^Lots of chances/);
  });
});

describe("a numbered name before a colon", () => {
  it("is the title, while a time before a colon is not a name", async () => {
    const events = await extractEvents(readText("Rehearsal 1: 2027-03-02\nRehearsal 2: 2027-03-09"), { now: new Date("2027-02-20T10:00:00Z"), timeZone: "America/Chicago" });
    expect(events.map((e) => e.eventName)).toEqual(["Rehearsal 1", "Rehearsal 2"]);
  });
});
