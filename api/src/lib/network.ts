import { isIPv4, isIPv6 } from "node:net";

/**
 * The network an address belongs to, as RULES.md's anti-farming rule compares them: IPv4 /24 or
 * IPv6 /64. Loopback (the game on one's own machine, or a proxy that was not declared with
 * TRUST_PROXY) names no network: otherwise every player would seem to share one.
 */
export function networkOf(address: string | undefined | null): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIPv4(ip)) {
    if (ip.startsWith("127.")) return null;
    return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  }
  if (isIPv6(ip)) {
    const groups = expandIPv6(ip.split("%")[0]!);
    if (groups.every((g, i) => (i < 7 ? g === 0 : g === 1))) return null; // ::1
    return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
  }
  return null;
}

function expandIPv6(ip: string): number[] {
  const [head, tail] = ip.includes("::") ? ip.split("::") : [ip, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").filter(Boolean).map((h) => Number.parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
