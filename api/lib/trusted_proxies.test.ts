import { assert, assertEquals } from "../testing/assert.ts";
import { clientFromForwarded, parseTrustedProxies } from "./trusted_proxies.ts";

Deno.test("without the setting the peer is the client and X-Forwarded-For is ignored", () => {
  const none = parseTrustedProxies(undefined);
  assertEquals(clientFromForwarded("203.0.113.9", "198.51.100.1", none), "203.0.113.9");
});

Deno.test("a trusted proxy's X-Forwarded-For names the client, right-most untrusted first", () => {
  const trusted = parseTrustedProxies("127.0.0.1/32, 10.0.0.0/8, ::1");
  assertEquals(clientFromForwarded("127.0.0.1", "198.51.100.7", trusted), "198.51.100.7");
  // A client that writes its own X-Forwarded-For cannot choose its address.
  assertEquals(
    clientFromForwarded("127.0.0.1", "1.2.3.4, 198.51.100.7, 10.1.2.3", trusted),
    "198.51.100.7",
  );
  assertEquals(clientFromForwarded("::1", "2001:db8::5", trusted), "2001:db8::5");
  assertEquals(clientFromForwarded("::ffff:10.9.9.9", "198.51.100.8", trusted), "198.51.100.8");
  // An untrusted peer's header is not believed.
  assertEquals(clientFromForwarded("203.0.113.9", "198.51.100.7", trusted), "203.0.113.9");
  // Garbage in the header falls back to the peer.
  assertEquals(clientFromForwarded("127.0.0.1", "nonsense", trusted), "127.0.0.1");
});

Deno.test("a hop count takes the address that many proxies back", () => {
  const one = parseTrustedProxies("1");
  assertEquals(clientFromForwarded("10.0.0.2", "1.2.3.4, 198.51.100.7", one), "198.51.100.7");
  const two = parseTrustedProxies("2");
  assertEquals(clientFromForwarded("10.0.0.2", "198.51.100.7, 10.0.0.1", two), "198.51.100.7");
});

Deno.test("a bad setting is refused with a readable error", () => {
  const message = (value: string) => {
    try {
      parseTrustedProxies(value);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };
  assert(message("10.0.0.0/33").includes("prefix"));
  assert(message("proxy.local").includes("no IP address"));
});
