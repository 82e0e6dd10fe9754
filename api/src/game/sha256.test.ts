import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hex, hmacSha256, sha256, utf8 } from "./sha256.ts";

describe("the shared SHA-256 and HMAC-SHA256", () => {
  it("match the FIPS test vectors", () => {
    expect(hex(sha256(utf8("")))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(sha256(utf8("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hex(sha256(utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  it("agree with node:crypto on every length around the block edges and on random input", () => {
    for (let n = 0; n < 200; n++) {
      const data = randomBytes(n);
      expect(hex(sha256(data)), `length ${n}`).toBe(createHash("sha256").update(data).digest("hex"));
    }
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const message = randomBytes(keyLength + 7);
      expect(hex(hmacSha256(key, message))).toBe(createHmac("sha256", key).update(message).digest("hex"));
    }
  });
});
