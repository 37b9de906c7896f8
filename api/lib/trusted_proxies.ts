/**
 * Which peers may tell us the client's address (TRUSTED_PROXIES): behind a TLS proxy every request
 * comes from the proxy's address, so per-address limits would lock everyone out together. The
 * setting is either a hop count ("1": the one proxy in front of us appends the real address last)
 * or a list of addresses and CIDR ranges ("127.0.0.1/32, 10.0.0.0/8, ::1"); then the client is the
 * right-most address of X-Forwarded-For that is not one of them. Without it the peer's address is
 * the client's, and X-Forwarded-For is ignored (anyone could write it).
 */
export type TrustedProxies =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "ranges"; ranges: AddressRange[] };

interface AddressRange {
  bits: bigint;
  prefix: number;
  width: 32 | 128;
}

/** An IPv4 or IPv6 address as a number and its width; null for anything else. */
function parseAddress(text: string): { bits: bigint; width: 32 | 128 } | null {
  const address = text.trim().replace(/^\[|\]$/g, "");
  const v4 = address.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { bits: parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n), width: 32 };
  }
  if (!address.includes(":")) return null;
  // An IPv4-mapped IPv6 address is the IPv4 address (dual-stack sockets report them so).
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i);
  if (mapped) return parseAddress(mapped[1]);
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array(missing).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return { bits: all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n), width: 128 };
}

function parseRange(text: string): AddressRange {
  const [address, prefixText] = text.trim().split("/");
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`TRUSTED_PROXIES: "${text}" is no IP address or CIDR range`);
  const prefix = prefixText === undefined ? parsed.width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > parsed.width) {
    throw new Error(`TRUSTED_PROXIES: "${text}" has no valid prefix length`);
  }
  return { ...parsed, prefix };
}

/** Reads the setting; throws a readable error for a bad value (the app then does not start). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? "").trim();
  if (!text) return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: "none" } : { kind: "hops", hops };
  }
  return { kind: "ranges", ranges: text.split(",").filter((t) => t.trim()).map(parseRange) };
}

function inRange(address: string, range: AddressRange): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.width !== range.width) return false;
  const shift = BigInt(range.width - range.prefix);
  return parsed.bits >> shift === range.bits >> shift;
}

/** The client's address: the peer's, or the one the trusted proxies in front of us report. */
export function clientFromForwarded(
  peer: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  if (trusted.kind === "none" || !forwardedFor) return peer;
  const chain = [...forwardedFor.split(",").map((a) => a.trim()).filter(Boolean), peer];
  if (trusted.kind === "hops") {
    // The peer is the nearest proxy; each of `hops` proxies appended the address it saw.
    return chain[Math.max(0, chain.length - 1 - trusted.hops)];
  }
  const isTrusted = (address: string) => trusted.ranges.some((r) => inRange(address, r));
  if (!isTrusted(peer)) return peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!isTrusted(chain[i])) return parseAddress(chain[i]) ? chain[i] : peer;
  }
  return chain[0];
}
