import { describe, expect, it } from "vitest";
import type { SpareDto, WishDto } from "@contract/tradeFinder";
import { finderKey, identityOfKind, mirroredList, identityPath, inOfferKeys, needsBackgroundChoice, offerOfPair, parseKeep, spareOf, sparesAfter, wishedKeys, withWish, withoutWish } from "./finderModel";

const plain = { character: "velvet1", background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false };
const glitchSpace = { ...plain, isGlitch: true, background: "space" };
const card = (c: typeof plain) => ({ ...c, points: 10, tier: "Common" });
const wish = (c: typeof plain, createdAt = "2026-11-29T08:00:00.000Z"): WishDto => ({ card: card(c), createdAt, owners: 0 });
const spare = (c: typeof plain, patch: Partial<SpareDto> = {}): SpareDto => ({ card: card(c), copies: 1, keep: 1, notForTrade: false, inOpenOffers: [], spare: 0, spareCardId: null, ...patch });

describe("card identities", () => {
  it("turn a collection kind into the API's identity and path, _empty_ for no background", () => {
    expect(identityOfKind({ set: 1, character: "velvet1", background: "space", finish: "glitch" })).toEqual(glitchSpace);
    expect(identityOfKind({ set: 2, character: "x", background: "", finish: "darkHolo" })).toMatchObject({ isHolo: false, isGlitch: false, isDarkHolo: true });
    expect(identityPath(plain)).toBe("velvet1/_empty_/1/false/false/false");
    expect(identityPath({ ...glitchSpace, character: "a b" })).toBe("a%20b/space/1/false/true/false");
  });

  it("key a card by set, character, background and finish", () => {
    expect(finderKey(plain)).toBe("1|velvet1||regular");
    expect(finderKey(glitchSpace)).not.toBe(finderKey({ ...glitchSpace, background: "cyber" }));
    expect(finderKey({ ...plain, isHolo: true })).not.toBe(finderKey(plain));
  });

  it("ask for a background only where the set gives every card one and none is named", () => {
    expect(needsBackgroundChoice({ set: 4, character: "x", background: "", finish: "regular" })).toBe(true);
    expect(needsBackgroundChoice({ set: 4, character: "x", background: "cyber", finish: "regular" })).toBe(false);
    expect(needsBackgroundChoice({ set: 1, character: "x", background: "", finish: "regular" })).toBe(false);
    expect(needsBackgroundChoice({ set: 1, character: "x", background: "", finish: "glitch" })).toBe(true);
    expect(needsBackgroundChoice({ set: 3, character: "x", background: "", finish: "glitch" })).toBe(false);
  });
});

describe("wishlist and spares", () => {
  it("know what is wished and what sits in an open offer", () => {
    expect(wishedKeys([wish(plain)]).has(finderKey(plain))).toBe(true);
    expect(wishedKeys(undefined).size).toBe(0);
    const offered = inOfferKeys([spare(plain, { inOpenOffers: [7] }), spare(glitchSpace)]);
    expect([...offered]).toEqual([finderKey(plain)]);
    expect(spareOf([spare(plain), spare(glitchSpace, { copies: 3 })], glitchSpace)?.copies).toBe(3);
    expect(spareOf(undefined, plain)).toBeUndefined();
  });

  it("add a wish once, newest first, and remove it", () => {
    const older = wish(glitchSpace, "2026-11-28T08:00:00.000Z");
    const list = withWish([older], wish(plain));
    expect(list.map((e) => e.card.character + e.card.background)).toEqual(["velvet1", "velvet1space"]);
    expect(withWish(list, wish(plain))).toHaveLength(2);
    expect(withoutWish(list, plain)).toEqual([older]);
  });

  it("read a kept count from 0 to 9999 and count the spares it leaves", () => {
    expect(parseKeep("0")).toBe(0);
    expect(parseKeep(" 12 ")).toBe(12);
    for (const bad of ["", "-1", "1.5", "x", "10000"]) expect(parseKeep(bad)).toBeNull();
    expect(sparesAfter({ copies: 4, inOpenOffers: [1] }, 1, false)).toBe(2);
    expect(sparesAfter({ copies: 4, inOpenOffers: [] }, 0, false)).toBe(4);
    expect(sparesAfter({ copies: 4, inOpenOffers: [] }, 9, false)).toBe(0);
    expect(sparesAfter({ copies: 4, inOpenOffers: [] }, 0, true)).toBe(0);
  });

  it("open a match's pair as the offer of my copy for theirs", () => {
    const pair = { theirs: { ...card(plain), cardId: 11 }, mine: { ...card(glitchSpace), cardId: 22, inOpenOffers: 0 }, theyWantMine: true, fair: true };
    expect(offerOfPair(5, pair)).toEqual({ toUserId: 5, offeredCardId: 22, requestedCardId: 11 });
  });
});

describe("the wishlist and spares offline", () => {
  const pending = { data: undefined, isPending: true, isError: false, error: null };
  it("show the server's answer whenever there is one", () => {
    expect(mirroredList({ ...pending, data: [1], isPending: false }, true, [2])).toMatchObject({ data: [1], fromDevice: false, loading: false, missing: false });
  });
  it("show the device's copy offline or when the server failed, else loading or the error", () => {
    expect(mirroredList(pending, false, [2])).toMatchObject({ data: [2], fromDevice: true, loading: false, missing: false });
    expect(mirroredList(pending, true, undefined)).toMatchObject({ data: undefined, loading: true });
    const failed = { ...pending, isPending: false, isError: true, error: new Error("down") };
    expect(mirroredList(failed, true, [2])).toMatchObject({ data: [2], fromDevice: true, error: null });
    expect(mirroredList(failed, true, null).error?.message).toBe("down");
  });
  it("say when nothing was saved on this device, once the copy has been read", () => {
    expect(mirroredList(pending, false, null)).toMatchObject({ data: undefined, missing: true, loading: false });
    expect(mirroredList(pending, false, undefined)).toMatchObject({ missing: false });
  });
});
