import { describe, expect, it } from "vitest";
import { isFollowed } from "./followed";
import { tagChildren, type ChildProfile } from "./children";

const maplewood = { name: "Maplewood Elementary School", domain: "maplewood.example.org" };
const family: ChildProfile[] = [
  { id: "c-maya", firstName: "Maya", grade: "grade 2", school: maplewood, teachers: ["mrs. alvarez"] },
  { id: "c-leo", firstName: "Leo", grade: "grade 4", school: maplewood, teachers: ["mr. okafor"] },
  { id: "c-sofia", firstName: "Sofia", grade: "grade 8", school: { name: "Riverside Middle School" }, teachers: ["dana brooks"] },
];

function mail(from: [string, string] | null, text: string, subject = "Update") {
  return { subject, from: from ? { name: from[0], address: from[1] } : null, text, attachments: [] };
}
const event = (eventName: string, description: string | null = null) => ({ eventName, description, location: null });
const tag = (document: ReturnType<typeof mail>, e = event("Meeting"), followedSenders?: string[]) =>
  tagChildren({ document, event: e, children: family, followedSenders }).toSorted();

describe("tagChildren", () => {
  it("tags the child whose teacher sends the mail", () => {
    expect(tag(mail(["Maria Alvarez", "malvarez@maplewood.example.org"], "Hello,\nShow and tell Friday.\nThanks"))).toEqual(["c-maya"]);
  });

  it("tags every child at the school for school-wide mail", () => {
    expect(tag(mail(["Maplewood Office", "office@maplewood.example.org"], "Hello families,\nPA Day Friday."))).toEqual(["c-leo", "c-maya"]);
  });

  it("lets an event's grade pick among the children at the school", () => {
    const newsletter = mail(["Maplewood Office", "office@maplewood.example.org"], "Hello families,\nNov 19 Grade 4 field trip\nNov 20 Grade 3 pizza lunch");
    expect(tag(newsletter, event("Grade 4 field trip"))).toEqual(["c-leo"]);
    expect(tag(newsletter, event("Grade 3 pizza lunch"))).toEqual([]);
  });

  it("prefers a named child over the teacher and the school", () => {
    const note = mail(["Maria Alvarez", "malvarez@maplewood.example.org"], "Hello,\nLeo is invited to read to our class on Friday.\nMrs. Alvarez");
    expect(tag(note)).toEqual(["c-leo"]);
  });

  it("reads the original sender of a forward and the quoted sender of a reply", () => {
    const forward = mail(["Chris", "chris@gmail.com"], "FYI\n---------- Forwarded message ---------\nFrom: Dana Brooks <dana.brooks@gmail.com>\nGame Sunday at 11.");
    expect(tag(forward)).toEqual(["c-sofia"]);
    const reply = mail(["Jordan", "jordan@gmail.com"], "We'll be there.\n\nOn Mon, Nov 9, 2026 at 3:12 PM, Mr. Okafor <jokafor@maplewood.example.org> wrote:\n> Presentations Friday.");
    expect(tag(reply)).toEqual(["c-leo"]);
  });

  it("does not take whoever forwards a mail for a teacher of the same surname", () => {
    const forward = mail(["Renee Okafor", "renee.okafor@example.com"], "See below\n---------- Forwarded message ---------\nFrom: Troop 82 <leaders@troop82.example.org>\nCampout Saturday.", "Fwd: Campout");
    expect(tag(forward)).toEqual([]);
  });

  it("ignores a classmate who shares a sibling's name in a coach's mail", () => {
    const roster = mail(["Dana Brooks", "dana.brooks@gmail.com"], "Hi Rapids,\nSaturday - Maya R. brings oranges\nDana");
    expect(tag(roster, event("Snacks", "Saturday - Maya R. brings oranges"))).toEqual(["c-sofia"]);
  });

  it("keeps a child named in passing in a newsletter to that item", () => {
    const newsletter = mail(
      ["Maplewood Office", "office@maplewood.example.org"],
      "Hello families,\nCongratulations to Leo for the spelling bee!\nDec. 1 - Concert tickets\nDec. 4 - Pancake breakfast\nDec. 8 - Book fair\nDec. 10 - Shopping day\nMs. Hartley",
    );
    expect(tag(newsletter, event("Pancake breakfast", "Dec. 4 - Pancake breakfast"))).toEqual(["c-leo", "c-maya"]);
    expect(tag(newsletter, event("Concert tickets", "Congratulations to Leo for the spelling bee! – Dec. 1 - Concert tickets"))).toEqual(["c-leo", "c-maya"]);
    expect(tag(newsletter, event("Spelling bee winners", "Congratulations to Leo for the spelling bee!"))).toEqual(["c-leo"]);
  });

  it("knows a school by its initials in a sender's name", () => {
    expect(tag(mail(["RMS Athletics", "rmsathletics@gmail.com"], "Hi,\nTryouts Wednesday."))).toEqual(["c-sofia"]);
  });

  it("tags nobody for mail that points at no child, and never guesses", () => {
    expect(tag(mail(["Bright Minds", "hello@brightminds.example.com"], "Free assessment Saturday!"))).toEqual([]);
    expect(tag(mail(["Oakridge Elementary", "office@oakridge.example.org"], "Dear Oakridge Elementary families,\nGrade 2 trip Friday."))).toEqual([]);
    expect(tag(mail(null, "Bake sale Friday"))).toEqual([]);
  });

  it("narrows a followed sender's mail by grade, but not by a sports age band", () => {
    const district = mail(["District", "notices@district.example.org"], "Dear families,\nGrade 4 transition night Wednesday.");
    expect(tag(district, event("Grade 4 transition night"), ["district.example.org"])).toEqual(["c-leo"]);
    expect(tag(district, event("Grade 4 transition night"))).toEqual([]);
    const club = mail(["Rapids Club", "info@rapids.example.org"], "Hello,\nU14 girls practice cancelled Thursday.");
    expect(tag(club, event("U14 girls practice"), ["rapids.example.org"])).toEqual([]);
  });

  it("only ever returns ids of the children it was given", () => {
    const document = mail(["Maplewood Office", "office@maplewood.example.org"], "Maya and Leo and Sofia");
    expect(tagChildren({ document, event: event("Concert"), children: [] })).toEqual([]);
    expect(tagChildren({ document, event: event("Concert"), children: [family[0]!] })).toEqual(["c-maya"]);
  });
});

describe("tagChildren on odd input", () => {
  it("copes with odd names, grades and empty mail without throwing or guessing", () => {
    const odd: ChildProfile[] = [
      { id: "x1", firstName: "Zoë (Z)", grade: "grade 13", school: { name: "", domain: "" }, teachers: ["", "mr.", "o'brien", "coach"] },
      { id: "x2", firstName: "A", grade: "", school: null, teachers: [] },
    ];
    const document = { subject: "", from: { name: "", address: "" }, text: "", attachments: [] };
    expect(tagChildren({ document, event: event(""), children: odd })).toEqual([]);
    const note = { ...document, from: { name: "Mr. O’Brien", address: "obrien@x.example.org" }, text: "Zoë (Z) [a+b] *." };
    expect(tagChildren({ document: note, event: event("Swim (lessons)"), children: odd })).toEqual(["x1"]);
  });
});

describe("isFollowed", () => {
  it("matches a followed address exactly and a followed domain with its subdomains", () => {
    expect(isFollowed("Coach@Club.example.org", ["coach@club.example.org"])).toBe(true);
    expect(isFollowed("news@mail.club.example.org", ["club.example.org"])).toBe(true);
    expect(isFollowed("news@otherclub.example.org", ["club.example.org"])).toBe(false);
  });
});
