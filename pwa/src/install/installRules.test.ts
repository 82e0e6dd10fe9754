import { describe, expect, it } from "vitest";
import { installMode, isIosSafari, packsOpened, showPackOffer } from "./installRules";

const UA = {
  iPhoneSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  // iPadOS Safari asks for desktop sites: it says Macintosh, and only its touch points tell.
  iPadSafari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iPhoneChrome: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  iPhoneFirefox: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
  iPhoneInstagram: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 335.0.0.30.91",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  desktopChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

describe("isIosSafari", () => {
  it("is Safari on an iPhone, and on an iPad that reports a Mac with touch", () => {
    expect(isIosSafari({ userAgent: UA.iPhoneSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: UA.iPadSafari, maxTouchPoints: 5 })).toBe(true);
  });

  it("is not a Mac's Safari, other iOS browsers, in-app browsers or Android", () => {
    expect(isIosSafari({ userAgent: UA.iPadSafari, maxTouchPoints: 0 })).toBe(false);
    expect(isIosSafari({ userAgent: UA.iPhoneChrome, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: UA.iPhoneFirefox, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: UA.iPhoneInstagram, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: UA.androidChrome, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: UA.desktopChrome, maxTouchPoints: 0 })).toBe(false);
  });
});

describe("installMode", () => {
  const base = { promptReady: false, installed: false, standalone: false, iosSafari: false };

  it("offers the browser's prompt when one is kept", () => {
    expect(installMode({ ...base, promptReady: true })).toBe("prompt");
  });

  it("gives iOS Safari the Share hint instead", () => {
    expect(installMode({ ...base, iosSafari: true })).toBe("ios-hint");
  });

  it("shows nothing once installed, when running installed, or where the browser offers nothing", () => {
    expect(installMode(base)).toBe("none");
    expect(installMode({ ...base, promptReady: true, installed: true })).toBe("none");
    expect(installMode({ ...base, promptReady: true, standalone: true })).toBe("none");
    expect(installMode({ ...base, iosSafari: true, standalone: true })).toBe("none");
  });
});

describe("the packs screen's one-time offer", () => {
  const user = { set1PacksOpened: 1, set2PacksOpened: 0, set3PacksOpened: 1, set4PacksOpened: 0, set5PacksOpened: 0, set6PacksOpened: 0, set7PacksOpened: 0 };

  it("counts packs of every set", () => {
    expect(packsOpened(user)).toBe(2);
    expect(packsOpened({ ...user, set7PacksOpened: 5 })).toBe(7);
  });

  it("waits for the third pack", () => {
    expect(showPackOffer({ mode: "prompt", packsOpened: 2, dismissed: false })).toBe(false);
    expect(showPackOffer({ mode: "prompt", packsOpened: 3, dismissed: false })).toBe(true);
    expect(showPackOffer({ mode: "ios-hint", packsOpened: 40, dismissed: false })).toBe(true);
  });

  it("never comes back once dismissed, and never where installing is impossible", () => {
    expect(showPackOffer({ mode: "prompt", packsOpened: 3, dismissed: true })).toBe(false);
    expect(showPackOffer({ mode: "none", packsOpened: 3, dismissed: false })).toBe(false);
  });
});
