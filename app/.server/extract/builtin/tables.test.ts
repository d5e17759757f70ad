import { describe, expect, it } from "vitest";
import { readHeader, readRow } from "./tables";

describe("schedule tables", () => {
  const columns = readHeader("Date | Time | Opponent | H/A | Diamond | Result")!;

  it("recognises a header row", () => {
    expect(columns).toMatchObject({ date: 0, time: 1, opponent: 2, homeAway: 3, location: 4, result: 5 });
    expect(readHeader("Sat, Sept 12 | 8:00 AM | Armadillos")).toBeNull();
  });

  it("turns a game row into a game title", () => {
    expect(readRow("9/20 | 3:30 PM | Foxes | Away | Diamond 1 |", columns)).toMatchObject({
      title: "Game @ Foxes", location: "Diamond 1", skip: false, isGame: true,
    });
  });

  it("skips played games and bye weeks, marks TBA times tentative", () => {
    expect(readRow("9/6 | 1:00 PM | Ravens | Home | Diamond 3 | W 7-4", columns).skip).toBe(true);
    expect(readRow("9/26 | — | BYE | — | — |", columns).skip).toBe(true);
    const championship = readRow("10/11 | TBA | Fall Ball Championship Day | | All diamonds |", columns);
    expect(championship).toMatchObject({ title: "Fall Ball Championship Day", tentative: true, skip: false });
  });
});

describe("league schedules with Home and Away columns", () => {
  const league = readHeader("Date | Time | Visitors | Home Team | Score")!;

  it("names the game by both teams and keeps a game whose score is still a placeholder", () => {
    expect(league).toMatchObject({ date: 0, time: 1, away: 2, home: 3, result: 4 });
    expect(readRow("Sat May 9 | 10:00 AM | Hornets | Wildcats | / |", league)).toMatchObject({
      title: "Hornets vs Wildcats", skip: false, isGame: true,
    });
    expect(readRow("Sat May 16 | 10:00 AM | Wildcats | Hornets | n/a", league).skip).toBe(false);
    expect(readRow("Sat May 2 | 10:00 AM | Wildcats | Hornets | 3-5", league).skip).toBe(true);
  });

  it("reads a 'Date & Time' column as the date", () => {
    expect(readHeader("Game | Date & Time | Matchup | Result")).toMatchObject({ date: 1, event: 0, opponent: 2, result: 3 });
  });
});
