/**
 * Schedule tables: rows of cells ("Sat, Sept 12 | 8:00 AM | Armadillos |
 * Field 2") under a header row naming the columns. A game row becomes
 * "Game vs Armadillos" (or "@" when away); BYE weeks and rows with a result
 * (already played) are skipped; a "TBA" time makes the game all-day and
 * tentative.
 */

export interface TableColumns {
  date: number;
  /** "Home" and "Away" columns of a league schedule: both teams of the game. */
  home: number;
  away: number;
  time: number;
  opponent: number;
  homeAway: number;
  location: number;
  event: number;
  result: number;
}

const HEADER_WORDS: [keyof TableColumns, RegExp][] = [
  ["date", /^(?:date|dates|day|jour|when|game date|date (?:&|and|\/) time|date et heure)$/i],
  ["home", /^(?:home|home team|domicile|receveur)$/i],
  ["away", /^(?:away|away team|visitor|visitors|visiting team|visiteur|visiteurs)$/i],
  ["time", /^(?:time|times|kickoff|kick-off|start|start time|heure|puck drop|first pitch|tip-?off|game time|warm-?up)$/i],
  ["opponent", /^(?:opponent|opponents|vs\.?|versus|against|team|adversaire|matchup|match-up|opposing team)$/i],
  ["homeAway", /^(?:h\/a|home\/away|home or away|h-a|domicile\/visiteur|d\/v)$/i],
  ["location", /^(?:field|fields|location|venue|rink|arena|diamond|gym|site|lieu|terrain|where|pool|court|park|address|aréna)$/i],
  // "Round", "Week": a fixture list or course plan numbers its occurrences in this column.
  ["event", /^(?:event|events|activity|activities|description|what|événement|activité|details|item|occasion|game|match|round|rounds|week|fixture|session|lesson)$/i],
  ["result", /^(?:result|results|score|final|résultat|w\/l|outcome)$/i],
];

export function splitCells(line: string): string[] {
  return line.split(/\s*\|\s*/).map((c) => c.trim());
}

export function isTableRow(line: string): boolean {
  return (line.match(/\|/g)?.length ?? 0) >= 1 && splitCells(line).filter(Boolean).length >= 2;
}

/** Column roles from a header row, or null when the row is not a header. */
export function readHeader(line: string): TableColumns | null {
  const cells = splitCells(line);
  const columns: TableColumns = { date: -1, home: -1, away: -1, time: -1, opponent: -1, homeAway: -1, location: -1, event: -1, result: -1 };
  let hits = 0;
  cells.forEach((cell, i) => {
    for (const [role, re] of HEADER_WORDS) {
      if (columns[role] === -1 && re.test(cell)) {
        columns[role] = i;
        hits++;
        break;
      }
    }
  });
  return hits >= 2 && columns.date !== -1 ? columns : null;
}

export interface TableRow {
  dateText: string;
  timeText: string;
  title: string;
  location: string | null;
  /** Row of a game already played, or a bye week. */
  skip: boolean;
  /** A week without a game ("BYE", "(Easter bye)"): an event only as the gap in a series (`numberedSeries`). */
  bye: string | null;
  tentative: boolean;
  isGame: boolean;
  cells: string[];
}

/** A cell that holds nothing yet: to be announced, or a placeholder ("/", "–", "n/a") where a score will go. */
const TBA = /^(?:tba|tbd|tbc|—|–|-|\/|n\/a|\?+|à confirmer|à déterminer)$/i;

export function readRow(line: string, columns: TableColumns): TableRow {
  const cells = splitCells(line);
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
  const opponent = cell(columns.opponent);
  const event = cell(columns.event);
  const homeAway = cell(columns.homeAway);
  const result = cell(columns.result);
  const time = cell(columns.time);
  const used = new Set([columns.date, columns.time, columns.location, columns.result, columns.homeAway, columns.home, columns.away]);
  const otherCells = cells.filter((c, i) => !used.has(i) && c && !TBA.test(c) && !/^\d+$/.test(c));
  const isBye =
    /^(?:bye|off|no game|relâche|congé)\b/i.test(opponent) ||
    /^(?:bye|no game)\b/i.test(event) ||
    (!event && !opponent && otherCells.some((c) => /\bbye\b/i.test(c)));
  const away = /^(?:away|a|visitor|visiteur|v|@)$/i.test(homeAway) || /^@\s*/.test(opponent);
  let title = "";
  let isGame = false;
  const teams = [cell(columns.away), cell(columns.home)];
  // A week's number ("Week | Date | Opponent": "3") files the row; it names nothing.
  if (event && !TBA.test(event) && !/^\d+$/.test(event)) title = event;
  else if (teams.every((t) => t && !TBA.test(t))) {
    title = `${teams[0]} vs ${teams[1]}`;
    isGame = true;
  } else if (opponent && !TBA.test(opponent)) {
    const name = opponent.replace(/^(?:vs\.?|@|at)\s+/i, "");
    // "Fall Ball Championship Day" in the opponent column is an event, not a team.
    if (/\b(?:championship|tournament|jamboree|playoffs?|day|classic|festival|photo|practice|scrimmage)\b/i.test(name) && name.split(/\s+/).length > 1) {
      title = name;
    } else {
      title = `Game ${away ? "@" : "vs"} ${name}`;
      isGame = true;
    }
  } else {
    // The other text cells: "Playoffs | Sat, Oct 17 | TBA | TBA".
    title = otherCells.join(" – ");
  }
  const note = otherCells
    .map((c) => c.replace(/^(?:bye|off|no game)\b[\s:–-]*/i, "").replace(/^\((.*)\)$/, "$1"))
    .filter(Boolean)
    .join(" – ");
  return {
    dateText: cell(columns.date),
    timeText: time,
    title,
    location: cell(columns.location) && !TBA.test(cell(columns.location)) ? cell(columns.location) : null,
    skip: isBye || (result !== "" && !TBA.test(result)) || !title,
    bye: isBye ? (/\bbye\b/i.test(note) ? `No game – ${note}` : `No game (bye)${note ? ` – ${note}` : ""}`) : null,
    tentative: TBA.test(time) || /\b(?:tba|tbd)\b/i.test(time),
    isGame,
    cells,
  };
}
