import { describe, expect, it } from "vitest";
import { htmlTitle, htmlToLines, htmlToText } from "./html-text";

describe("htmlToText", () => {
  it("keeps table rows as lines with cells joined by ' | '", () => {
    expect(htmlToText("<table><tr><th>Date</th><th>Time</th></tr><tr><td>Sat, Sept 12</td><td>8:00&nbsp;AM</td></tr></table>")).toBe(
      "Date | Time\nSat, Sept 12 | 8:00 AM",
    );
  });

  it("reads a CSS-grid row of spans as a table row", () => {
    expect(htmlToText('<div class="row"><span>9/13</span><span>1:00 PM</span><span>Owls</span></div>')).toBe("9/13 | 1:00 PM | Owls");
  });

  it("puts blocks on their own lines, drops scripts and styles, decodes entities", () => {
    const text = htmlToText("<style>p{}</style><script>alert(1)</script><p>Fish &amp; chips&#x27; night</p><div>Line one<br>Line two</div>");
    expect(text).toBe("Fish & chips' night\n\nLine one\nLine two");
  });

  it("keeps a layout table's cells as blocks, flags headings and reads the title", () => {
    const lines = htmlToLines("<table><tr><td><h3>Science Fair</h3><p>Wednesday, March 3 from 5:30 to 7:30 p.m. in the gym with projects from every class.</p></td></tr></table>");
    expect(lines.filter((l) => l.text).map((l) => [l.text.slice(0, 12), l.heading])).toEqual([["Science Fair", true], ["Wednesday, M", false]]);
    expect(htmlTitle("<head><title>Events &ndash; Library</title></head>")).toBe("Events – Library");
  });
});

describe("the links a line carries", () => {
  it("keeps https anchors on their line, in table rows too, and never other schemes", () => {
    const lines = htmlToLines(
      '<p>Volunteer for the fair: <a href="https://signup.example.org/fair">sign up here</a></p><p><a href="javascript:alert(1)">click</a> <a href="http://plain.example.org">plain</a></p><table><tr><td>May 9</td><td><a href="https://tickets.example.org/gala">Gala tickets</a></td></tr></table>',
    );
    expect(lines.filter((l) => l.text).map((l) => l.links ?? [])).toEqual([
      ["https://signup.example.org/fair"],
      [],
      ["https://tickets.example.org/gala"],
    ]);
  });
});
