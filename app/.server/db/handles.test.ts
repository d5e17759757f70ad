import { describe, expect, it } from "vitest";
import { tablesIn, wrongTable } from "./handles";

describe("which tables a statement touches", () => {
  it("reads them after FROM, JOIN, INTO, UPDATE and DELETE FROM, quoted or not", () => {
    expect(tablesIn('select "id" from "events" inner join "mentions" on 1 where x in (select 1 from likes)')).toEqual(["events", "mentions", "likes"]);
    expect(tablesIn('insert into "messages" ("id") values (?)')).toEqual(["messages"]);
    expect(tablesIn('update "users" set "timezone" = ?')).toEqual(["users"]);
    expect(tablesIn('delete from "children" where "children"."user_id" = ?')).toEqual(["children"]);
  });

  it("names the first one a handle of that role must not touch", () => {
    const join = 'select * from "users" inner join "watchlist" on "watchlist"."user_id" = "users"."id"';
    expect(wrongTable(join, "directory")).toBe("watchlist");
    expect(wrongTable(join, "family")).toBe("users");
    expect(wrongTable('select * from "events"', "family")).toBeNull();
    expect(wrongTable('select * from "schools"', "directory")).toBeNull();
    expect(wrongTable('select * from "schools"', "family")).toBe("schools");
  });
});
