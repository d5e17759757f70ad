import { describe, expect, it } from "vitest";
import { looksLikeSchoolSender, parseFrom, schoolSenders } from "./school-senders";

const looks = (from: string, listId: string | null = null) => looksLikeSchoolSender(parseFrom(from)!, listId);

describe("looksLikeSchoolSender", () => {
  it("takes schools, districts and boards by their domains", () => {
    for (const from of [
      "Maple Grove Office <office@maplegrove.k12.mn.us>",
      "news@springfield.edu",
      "Principal <principal@lincolnschool.org>",
      "District News <news@austinisd.org>",
      "tdsb@tdsb.on.ca",
      "Riverside SD <info@sd41.bc.ca>",
      "PTA <hello@oakpta.org>",
    ])
      expect({ from, school: looks(from) }).toEqual({ from, school: true });
  });

  it("takes the platforms schools, teachers and clubs send through", () => {
    for (const from of [
      "Ms. Chen via ParentSquare <donotreply@parentsquare.com>",
      "Remind <no-reply@remind.com>",
      "ClassDojo <noreply@classdojo.com>",
      "brightwheel <no-reply@mybrightwheel.com>",
      "SignUpGenius <messages@signupgenius.com>",
      "TeamSnap <notifications@teamsnap.com>",
      "GameChanger <no-reply@gc.com>",
      "SportsEngine <no-reply@sportsengine.com>",
      "Konstella <no-reply@konstella.com>",
      "Bloomz <notifications@bloomz.net>",
      "SchoolMessenger <noreply@schoolmessenger.com>",
    ])
      expect({ from, school: looks(from) }).toEqual({ from, school: true });
    expect(looks("News <news@mailer.example.net>", "Room 12 <room12.parentsquare.com>")).toBe(true);
  });

  it("takes clubs and coaches by their names, teachers on personal mail by their title", () => {
    expect(looks("Riverside Swim Club <info@riversideswim.org>")).toBe(true);
    expect(looks("Coach Dana <dana.lee@gmail.com>")).toBe(true);
    expect(looks("Mrs. Alvarez <alvarez.class@outlook.com>")).toBe(true);
    expect(looks("Westside FC <admin@westsidefc.com>")).toBe(true);
  });

  it("leaves shops, banks, friends and newsletters alone", () => {
    for (const from of [
      "Amazon <shipment-tracking@amazon.com>",
      "Chase <no.reply.alerts@chase.com>",
      "Grandma <grandma.rose@gmail.com>",
      "The Team at Notion <team@makenotion.com>",
      "Sam's Club <samsclub@samsclub.com>",
      "Netflix <info@mailer.netflix.com>",
    ])
      expect({ from, school: looks(from) }).toEqual({ from, school: false });
  });
});

describe("schoolSenders", () => {
  it("counts each school-like sender's mail and puts the busiest first", () => {
    const suggestions = schoolSenders([
      { from: "Remind <no-reply@remind.com>" },
      { from: "Amazon <shipment-tracking@amazon.com>" },
      { from: "Maple Grove Office <office@maplegrove.k12.mn.us>" },
      { from: "Remind <No-Reply@Remind.com>" },
      { from: "not an address" },
    ]);
    expect(suggestions).toEqual([
      { address: "no-reply@remind.com", name: "Remind", count: 2 },
      { address: "office@maplegrove.k12.mn.us", name: "Maple Grove Office", count: 1 },
    ]);
  });
});
