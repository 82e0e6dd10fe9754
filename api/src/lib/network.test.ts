import { describe, expect, it } from "vitest";
import { networkOf } from "./network.ts";

describe("the network of a sign-up address", () => {
  it("IPv4 /24, IPv6 /64, IPv4-mapped IPv6 as IPv4; loopback and nonsense name none", () => {
    expect(networkOf("203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.200")).toBe(networkOf("203.0.113.1"));
    expect(networkOf("203.0.114.1")).not.toBe(networkOf("203.0.113.1"));
    expect(networkOf("::ffff:198.51.100.7")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8:1:2::99")).toBe(networkOf("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(networkOf("2001:db8:1:3::1")).not.toBe(networkOf("2001:db8:1:2::1"));
    for (const none of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "", "not an ip", undefined]) expect(networkOf(none), String(none)).toBeNull();
  });
});
