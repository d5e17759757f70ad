import { describe, expect, it } from "vitest";
import { checkUrl, isPublicAddress, safeFetch, UrlRefused, type HostResolver } from "./safe-fetch";

const resolver = (table: Record<string, string[]>): HostResolver => ({
  async resolve(hostname) {
    if (!(hostname in table)) throw new Error("NXDOMAIN");
    return table[hostname]!;
  },
});

const publicDns = resolver({
  "school.example.org": ["93.184.216.34"],
  "redirector.example.org": ["93.184.216.35"],
  "sneaky.example.org": ["93.184.216.36", "10.0.0.5"],
  "rebind.example.org": ["127.0.0.1"],
  "v6.example.org": ["2606:4700::6810:84e5"],
  "v6inside.example.org": ["fd00:ec2::254"],
  "sixtofour.example.org": ["2002:7f00:1::1"],
  "teredo.example.org": ["2001:0:4136:e378:8000:63bf:80ff:fffe"],
  "nat64.example.org": ["64:ff9b::a9fe:a9fe"],
  "mapped.example.org": ["::ffff:10.0.0.1"],
});

type Route = (url: string) => Response;

function fakeWeb(routes: Record<string, Route>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    const route = routes[url];
    if (!route) throw new Error(`unexpected fetch ${url}`);
    return route(url);
  }) as typeof fetch;
}

const html = (body: string, headers: Record<string, string> = {}) => () =>
  new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const redirect = (to: string) => () => new Response(null, { status: 302, headers: { Location: to } });

/** The message of the UrlRefused the fetch ends with (any other outcome fails the test). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlRefused);
  return (error as Error).message;
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1", "127.1.2.3", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
    "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255",
    "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe", "ff02::1", "2001:db8::1",
    // IPv4 inside IPv6: mapped (also written in hex), IPv4-compatible, 6to4, Teredo, NAT64 (RFC 6052 and local-use RFC 8215)
    "::ffff:7f00:1", "::ffff:a9fe:a9fe", "::127.0.0.1", "::a9fe:a9fe",
    "2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001::1",
    "64:ff9b::7f00:1", "64:ff9b::10.0.0.1", "64:ff9b:1::a9fe:a9fe",
    // 6to4, Teredo and NAT64 even around a public IPv4: they are relays a Worker never needs
    "2002:5db8:d822::1", "64:ff9b::808:808",
    // not addresses at all
    "", "localhost", "1", "0x7f.0.0.1", "2130706433",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::6810:84e5", "::ffff:93.184.216.34"])(
    "accepts %s",
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});

describe("checkUrl", () => {
  it.each([
    ["ftp://school.example.org/cal.pdf", "Only http and https addresses can be imported."],
    ["file:///etc/passwd", "Only http and https addresses can be imported."],
    ["javascript:alert(1)", "Only http and https addresses can be imported."],
    ["https://user:pw@school.example.org/", "Addresses with a user name or password are not allowed."],
    ["http://127.0.0.1/admin", "That address is not on the public internet."],
    ["http://2130706433/", "That address is not on the public internet."], // 127.0.0.1 as a number
    ["http://0x7f.0.0.1/", "That address is not on the public internet."],
    ["http://[::1]/", "That address is not on the public internet."],
    ["http://[::ffff:169.254.169.254]/", "That address is not on the public internet."],
    ["http://169.254.169.254/latest/meta-data/", "That address is not on the public internet."],
    ["http://localhost:8080/", "That address is not on the public internet."],
    ["http://app.localhost/", "That address is not on the public internet."],
    ["http://metadata.google.internal/computeMetadata/v1/", "That address is not on the public internet."],
    ["http://printer.local/", "That address is not on the public internet."],
    ["http://intranet/", "That address is not on the public internet."],
    // A trailing dot names the same host (a fully qualified name).
    ["http://localhost./", "That address is not on the public internet."],
    ["http://localhost../", "That address is not on the public internet."],
    ["http://app.localhost./", "That address is not on the public internet."],
    ["http://metadata.google.internal./computeMetadata/v1/", "That address is not on the public internet."],
    ["http://metadata./", "That address is not on the public internet."],
    ["http://printer.local./", "That address is not on the public internet."],
    ["http://intranet./", "That address is not on the public internet."],
    ["http://[2002:a9fe:a9fe::]/", "That address is not on the public internet."],
    ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "That address is not on the public internet."],
    ["http://[64:ff9b::169.254.169.254]/", "That address is not on the public internet."],
    ["http://[::ffff:7f00:1]/", "That address is not on the public internet."],
    ["https://school.example.org:22/", "That port is not allowed."],
    ["not a url", "That is not a web address."],
  ])("refuses %s", (raw, message) => {
    expect(() => checkUrl(raw)).toThrow(message);
  });

  it("accepts an ordinary school page", () => {
    expect(checkUrl("https://school.example.org/calendar?month=12").hostname).toBe("school.example.org");
  });
});

describe("safeFetch", () => {
  it("fetches a public HTML page", async () => {
    const page = await safeFetch("https://school.example.org/news", {
      resolver: publicDns,
      fetch: fakeWeb({ "https://school.example.org/news": html("<h1>News</h1>") }),
    });
    expect(page.contentType).toBe("text/html");
    expect(new TextDecoder().decode(page.bytes)).toBe("<h1>News</h1>");
  });

  it("refuses a name that resolves to a private address (or partly does)", async () => {
    const web = fakeWeb({});
    expect(await refusal(safeFetch("https://rebind.example.org/", { resolver: publicDns, fetch: web }))).toBe(
      "That address is not on the public internet.",
    );
    expect(await refusal(safeFetch("https://sneaky.example.org/", { resolver: publicDns, fetch: web }))).toBe(
      "That address is not on the public internet.",
    );
    expect(await refusal(safeFetch("https://v6inside.example.org/", { resolver: publicDns, fetch: web }))).toBe(
      "That address is not on the public internet.",
    );
  });

  it.each(["sixtofour", "teredo", "nat64", "mapped"])("refuses a name whose IPv6 answer carries a private IPv4 (%s)", async (name) => {
    expect(await refusal(safeFetch(`https://${name}.example.org/`, { resolver: publicDns, fetch: fakeWeb({}) }))).toBe(
      "That address is not on the public internet.",
    );
  });

  it("looks a name with a trailing dot up as the same name", async () => {
    const web = fakeWeb({ "https://school.example.org./news": html("<h1>News</h1>") });
    const page = await safeFetch("https://school.example.org./news", { resolver: publicDns, fetch: web });
    expect(page.contentType).toBe("text/html");
    expect(await refusal(safeFetch("https://rebind.example.org./", { resolver: publicDns, fetch: web }))).toBe(
      "That address is not on the public internet.",
    );
  });

  it("refuses a name that does not resolve", async () => {
    expect(await refusal(safeFetch("https://nowhere.example.org/", { resolver: publicDns, fetch: fakeWeb({}) }))).toBe(
      "That site could not be found.",
    );
  });

  it("follows redirects by hand and re-checks each hop", async () => {
    const web = fakeWeb({
      "https://redirector.example.org/a": redirect("/b"),
      "https://redirector.example.org/b": redirect("https://school.example.org/final"),
      "https://school.example.org/final": html("ok"),
    });
    const page = await safeFetch("https://redirector.example.org/a", { resolver: publicDns, fetch: web });
    expect(page.url).toBe("https://school.example.org/final");
  });

  it("refuses a redirect into the private network", async () => {
    const web = fakeWeb({ "https://redirector.example.org/a": redirect("http://169.254.169.254/latest/meta-data/") });
    expect(await refusal(safeFetch("https://redirector.example.org/a", { resolver: publicDns, fetch: web }))).toBe(
      "That address is not on the public internet.",
    );
    const byName = fakeWeb({ "https://redirector.example.org/a": redirect("https://rebind.example.org/") });
    expect(await refusal(safeFetch("https://redirector.example.org/a", { resolver: publicDns, fetch: byName }))).toBe(
      "That address is not on the public internet.",
    );
  });

  it("stops after five redirects", async () => {
    const loop: Record<string, Route> = {};
    for (let i = 0; i < 10; i++) loop[`https://redirector.example.org/${i}`] = redirect(`/${i + 1}`);
    expect(
      await refusal(safeFetch("https://redirector.example.org/0", { resolver: publicDns, fetch: fakeWeb(loop) })),
    ).toBe("That address redirects too many times.");
  });

  it("refuses what is neither a web page nor a PDF", async () => {
    const web = fakeWeb({
      "https://school.example.org/photo.jpg": () => new Response("x", { headers: { "Content-Type": "image/jpeg" } }),
    });
    expect(await refusal(safeFetch("https://school.example.org/photo.jpg", { resolver: publicDns, fetch: web }))).toBe(
      "Only web pages and PDFs can be imported.",
    );
  });

  it("accepts a PDF", async () => {
    const web = fakeWeb({
      "https://school.example.org/cal.pdf": () =>
        new Response("%PDF-1.4", { headers: { "Content-Type": "application/pdf" } }),
    });
    const page = await safeFetch("https://school.example.org/cal.pdf", { resolver: publicDns, fetch: web });
    expect(page.contentType).toBe("application/pdf");
  });

  it("accepts an iCalendar feed only when asked to (school calendars)", async () => {
    const web = fakeWeb({
      "https://school.example.org/school.ics": () =>
        new Response("BEGIN:VCALENDAR", { headers: { "Content-Type": "text/calendar; charset=utf-8" } }),
    });
    const url = "https://school.example.org/school.ics";
    expect(await refusal(safeFetch(url, { resolver: publicDns, fetch: web }))).toBe(
      "Only web pages and PDFs can be imported.",
    );
    const feed = await safeFetch(url, { resolver: publicDns, fetch: web, allowCalendar: true });
    expect(feed.contentType).toBe("text/calendar");
  });

  it("takes an .ics served as a download or plain text as a calendar only when its body is one", async () => {
    const web = fakeWeb({
      "https://school.example.org/feed.ashx": () =>
        new Response("\r\nBEGIN:VCALENDAR\r\nVERSION:2.0", { headers: { "Content-Type": "application/octet-stream" } }),
      "https://school.example.org/notes.txt": () => new Response("Pizza day is Friday", { headers: { "Content-Type": "text/plain" } }),
    });
    const feed = await safeFetch("https://school.example.org/feed.ashx", { resolver: publicDns, fetch: web, allowCalendar: true });
    expect(feed.contentType).toBe("text/calendar");
    expect(await refusal(safeFetch("https://school.example.org/notes.txt", { resolver: publicDns, fetch: web, allowCalendar: true }))).toBe(
      "Only web pages, PDFs and calendars can be imported.",
    );
    // Without allowCalendar a download is refused before it is read.
    expect(await refusal(safeFetch("https://school.example.org/feed.ashx", { resolver: publicDns, fetch: web }))).toBe(
      "Only web pages and PDFs can be imported.",
    );
  });

  it("refuses pages over the size cap, declared or streamed", async () => {
    const declared = fakeWeb({ "https://school.example.org/big": html("x", { "Content-Length": "6000000" }) });
    expect(await refusal(safeFetch("https://school.example.org/big", { resolver: publicDns, fetch: declared }))).toBe(
      "That page is larger than 5 MB.",
    );
    const streamed = fakeWeb({ "https://school.example.org/big": html("x".repeat(2048)) });
    expect(
      await refusal(safeFetch("https://school.example.org/big", { resolver: publicDns, fetch: streamed, maxBytes: 1024 })),
    ).toBe("That page is larger than 5 MB.");
  });

  it("gives up on a page that does not answer in time", async () => {
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as typeof fetch;
    expect(
      await refusal(safeFetch("https://school.example.org/slow", { resolver: publicDns, fetch: hanging, timeoutMs: 50 })),
    ).toBe("That page took too long to answer.");
  });

  it("says so when the page answers with an error", async () => {
    const web = fakeWeb({ "https://school.example.org/gone": () => new Response("no", { status: 404 }) });
    expect(await refusal(safeFetch("https://school.example.org/gone", { resolver: publicDns, fetch: web }))).toBe(
      "That page answered 404.",
    );
  });

  it("checks IPv6 answers too", async () => {
    const web = fakeWeb({ "https://v6.example.org/": html("v6") });
    const page = await safeFetch("https://v6.example.org/", { resolver: publicDns, fetch: web });
    expect(page.contentType).toBe("text/html");
  });
});
