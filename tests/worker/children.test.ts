import { describe, expect, it } from "vitest";
import { children } from "~/.server/db/schema";
import { call, db, send, signIn } from "./helpers";

interface ChildAnswer {
  child: { _id: string; firstName: string; grade: string; avatarId: string; teachers: string[]; schoolId: string | null };
}

const maya = { firstName: "Maya", grade: "grade 3", avatarId: "dolphin" };

async function addChild(cookie: string, body: unknown = maya): Promise<string> {
  const response = await send("POST", "/api/child", cookie, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as ChildAnswer).child._id;
}

async function childrenOf(cookie: string) {
  const body = (await (await call("/api/user/profile", { cookie })).json()) as {
    user: { children: { _id: string; firstName: string; teachers: string[]; school: { _id: string; name: string } | null }[] };
  };
  return body.user.children;
}

describe("POST /api/child", () => {
  it("creates a child and answers its id", async () => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/child", cookie, { ...maya, firstName: "  Maya  " });
    const body = (await response.json()) as ChildAnswer;
    expect(response.status).toBe(201);
    expect(body.child).toMatchObject({ firstName: "Maya", grade: "grade 3", avatarId: "dolphin", teachers: [] });
    expect((await childrenOf(cookie)).map((child) => child._id)).toEqual([body.child._id]);
  });

  it("refuses a duplicate name, trimmed and case-insensitive, with the spec's message", async () => {
    const { cookie } = await signIn();
    await addChild(cookie);
    const response = await send("POST", "/api/child", cookie, { ...maya, firstName: " maya " });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'You already have a child named "maya". Please choose a different name.',
    });
  });

  it("keeps at most 20 children per parent, with a clear message for the 21st", async () => {
    const { cookie, userId } = await signIn();
    const rows = Array.from({ length: 19 }, (_, i) => ({ userId, firstName: `Child ${i}`, grade: "grade 1", avatarId: "eagle" }));
    // D1 takes at most 100 bound parameters a statement.
    for (let i = 0; i < rows.length; i += 10) await db().insert(children).values(rows.slice(i, i + 10));
    await addChild(cookie);
    const response = await send("POST", "/api/child", cookie, { ...maya, firstName: "Leo" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "You can add up to 20 children." });
    const kept = await childrenOf(cookie);
    expect(kept).toHaveLength(20);
    expect(kept.map((child) => child.firstName)).toContain("Maya");
  });

  it("lets two parents each have a child of the same name", async () => {
    const first = await signIn();
    const second = await signIn();
    expect(await addChild(first.cookie)).not.toBe(await addChild(second.cookie));
  });

  it.each([
    ["a one-letter name", { ...maya, firstName: " M " }, "A first name has at least 2 characters."],
    ["a grade not in the list", { ...maya, grade: "grade 13" }, "Please choose a grade from the list."],
    ["an unknown avatar", { ...maya, avatarId: "dragon" }, "Please choose one of the six avatars."],
    ["a missing grade", { firstName: "Maya", avatarId: "eagle" }, "Please choose a grade from the list."],
    ["extra fields", { ...maya, userId: "someone-else" }, "Send {firstName, grade, avatarId}."],
    ["no body", undefined, "Send {firstName, grade, avatarId}."],
  ])("refuses %s with a clear 400", async (_label, body, message) => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/child", cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await childrenOf(cookie)).toEqual([]);
  });

  it("needs a session", async () => {
    const response = await call("/api/child", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173" },
      body: JSON.stringify(maya),
    });
    expect(response.status).toBe(401);
  });
});

describe("PUT /api/child/:id", () => {
  it("changes name, grade and avatar, and refuses a sibling's name", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    await addChild(cookie, { ...maya, firstName: "Leo" });
    const response = await send("PUT", `/api/child/${id}`, cookie, { firstName: "Mia", grade: "kindergarten", avatarId: "trex" });
    expect(response.status).toBe(200);
    // Keeping its own name (in another case) is not a duplicate.
    expect((await send("PUT", `/api/child/${id}`, cookie, { ...maya, firstName: "MIA" })).status).toBe(200);
    const clash = await send("PUT", `/api/child/${id}`, cookie, { ...maya, firstName: "leo" });
    expect(clash.status).toBe(409);
    expect((await childrenOf(cookie)).map((child) => child.firstName)).toEqual(["MIA", "Leo"]);
  });

  it("stores teachers in lowercase, once each, and refuses invalid names with spec §5's texts", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    const ok = await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Mrs. O'Neil".replace(".", ""), "Coach Dana-Lee", "coach dana-lee"] });
    expect(ok.status).toBe(200);
    expect((await childrenOf(cookie))[0]!.teachers).toEqual(["mrs o'neil", "coach dana-lee"]);
    for (const [name, message] of [
      ["", "Please enter a teacher's name"],
      ["J", "Name is too short"],
      ["Mr. Smith", "Name contains invalid characters"],
    ]) {
      const response = await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Ms Park", name] });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
    expect((await childrenOf(cookie))[0]!.teachers).toEqual(["mrs o'neil", "coach dana-lee"]);
  });

  it("refuses a 1 MB teacher name, or one over 100 characters, and keeps the teachers saved", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    expect((await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Ms Park", "Coach Dana"] })).status).toBe(200);
    // 1 MB is past the 64 KB any /api body may have: refused before it is read as a name.
    const huge = await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Ms Park", "a".repeat(1024 * 1024)] });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "That request is too large." });
    // A body that fits, with a name past 100 characters, is refused as a name.
    for (const length of [101, 60 * 1024]) {
      const long = await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Ms Park", "a".repeat(length)] });
      expect(long.status).toBe(400);
      expect(await long.json()).toEqual({ error: "Name is too long" });
    }
    // 100 characters is still a name.
    expect((await send("PUT", `/api/child/${id}`, cookie, { teachers: ["Ms Park", "Coach Dana", "a".repeat(100)] })).status).toBe(200);
    expect((await childrenOf(cookie))[0]!.teachers).toEqual(["ms park", "coach dana", "a".repeat(100)]);
  });

  it("keeps at most 30 teachers and coaches per child", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    const names = Array.from({ length: 31 }, (_, i) => `Coach ${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`);
    expect((await send("PUT", `/api/child/${id}`, cookie, { teachers: names.slice(0, 30) })).status).toBe(200);
    const response = await send("PUT", `/api/child/${id}`, cookie, { teachers: names });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "A child has at most 30 teachers and coaches." });
    expect((await childrenOf(cookie))[0]!.teachers).toHaveLength(30);
  });

  it("sets a school from the directory, and null removes it", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    expect((await send("PUT", `/api/child/${id}`, cookie, { schoolId: "sample-us-001" })).status).toBe(200);
    expect((await childrenOf(cookie))[0]!.school).toMatchObject({ _id: "sample-us-001", name: "Maple Grove Elementary School" });
    const unknown = await send("PUT", `/api/child/${id}`, cookie, { schoolId: "no-such-school" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "That school is not in the directory." });
    expect((await send("PUT", `/api/child/${id}`, cookie, { schoolId: null })).status).toBe(200);
    expect((await childrenOf(cookie))[0]!.school).toBeNull();
  });

  it("refuses a mix of shapes", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    const response = await send("PUT", `/api/child/${id}`, cookie, { teachers: [], schoolId: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Send {firstName, grade, avatarId}, {teachers: [...]} or {schoolId}." });
  });
});

describe("DELETE /api/child/:id", () => {
  it("removes the child", async () => {
    const { cookie } = await signIn();
    const id = await addChild(cookie);
    expect((await send("DELETE", `/api/child/${id}`, cookie)).status).toBe(200);
    expect(await childrenOf(cookie)).toEqual([]);
    expect((await send("DELETE", `/api/child/${id}`, cookie)).status).toBe(404);
  });
});

describe("another parent's child", () => {
  it("is a 404 to read-modify-delete, and stays untouched", async () => {
    const owner = await signIn();
    const other = await signIn();
    const id = await addChild(owner.cookie);
    for (const [method, body] of [
      ["PUT", maya],
      ["PUT", { teachers: ["Ms Park"] }],
      ["PUT", { schoolId: "sample-us-001" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await send(method, `/api/child/${id}`, other.cookie, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Child not found." });
    }
    expect(await childrenOf(other.cookie)).toEqual([]);
    expect(await childrenOf(owner.cookie)).toEqual([
      expect.objectContaining({ _id: id, firstName: "Maya", teachers: [], school: null }),
    ]);
  });
});
