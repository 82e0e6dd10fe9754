// Issue 16, "Share a pull": a PNG of the card with its foil frozen at a flattering angle, the
// player's display name, the set and the points, made on the device (no server round trip; the
// art comes from the service worker's cache offline) and handed to the Web Share API with the
// file where the browser supports it, else downloaded.

import { cardImageUrls, largePortraits } from "../../effects/cardImages";
import { paintDarkHolo } from "../../effects/pixi/cardCanvas";
import { finishLabel, tierColor } from "../../effects/tiers";
import { cardName, backgroundName, fullCardName } from "../../lib/cardName";
import { type RevealCard } from "../../effects/revealCard";
import { formatNumber } from "../../lib/format";

/** What the picture shows of a card: a reveal card without its key and NEW! flag. */
export type ShareableCard = Omit<RevealCard, "key" | "isNew">;

const W = 1080;
const H = 1350;
const CARD = { x: 240, y: 170, w: 600, h: 840 };

function loadImage(urls: readonly string[]): Promise<HTMLImageElement | null> {
  return urls.reduce<Promise<HTMLImageElement | null>>(
    (found, url) =>
      found.then(
        (img) =>
          img ??
          new Promise((resolve) => {
            const el = new Image();
            el.onload = () => resolve(el);
            el.onerror = () => resolve(null);
            el.src = url;
          }),
      ),
    Promise.resolve(null),
  );
}

/** Draws the share picture and answers it as a PNG blob. */
export async function renderShareImage(card: ShareableCard, playerName: string): Promise<Blob> {
  const chain = cardImageUrls(card);
  const [portrait, background] = await Promise.all([loadImage(largePortraits(chain)), chain.background ? loadImage([chain.background]) : Promise.resolve(null)]);
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const g = canvas.getContext("2d")!;
  const accent = tierColor(card.tier);

  // The page: deep violet with a glow in the card's tier colour.
  const page = g.createRadialGradient(W / 2, H * 0.45, 80, W / 2, H * 0.45, H * 0.75);
  page.addColorStop(0, `${accent}55`);
  page.addColorStop(0.45, "#1a1233");
  page.addColorStop(1, "#07060e");
  g.fillStyle = page;
  g.fillRect(0, 0, W, H);

  // The card: background, portrait, then the foil frozen at about 30 degrees.
  g.save();
  roundedRect(g, CARD.x, CARD.y, CARD.w, CARD.h, 36);
  g.clip();
  g.fillStyle = "#221a3d";
  g.fillRect(CARD.x, CARD.y, CARD.w, CARD.h);
  if (background) g.drawImage(background, CARD.x, CARD.y, CARD.w, CARD.h);
  if (portrait) g.drawImage(portrait, CARD.x, CARD.y, CARD.w, CARD.h);
  else {
    g.font = "220px serif";
    g.textAlign = "center";
    g.fillText(chain.emoji, W / 2, CARD.y + CARD.h / 2 + 80);
  }
  // The finish as everywhere else (issue 44): dark holo's black rim and gold glitter; holo's foil
  // is in the art's background and frame, so only a light sweep crosses the figure.
  if (card.finish === "darkHolo") {
    g.translate(CARD.x, CARD.y);
    paintDarkHolo(g, card.character, CARD.w, CARD.h, 36, CARD.w / 400);
    g.translate(-CARD.x, -CARD.y);
  } else if (card.finish !== "regular") {
    const sweep = g.createLinearGradient(CARD.x, CARD.y, CARD.x + CARD.w, CARD.y + CARD.h);
    ["#ffffff00", "#ffffff00", "#ffffff40", "#ffffff00", "#ffffff00"].forEach((c, i) => sweep.addColorStop(i / 4, c));
    g.fillStyle = sweep;
    g.fillRect(CARD.x, CARD.y, CARD.w, CARD.h);
  }
  g.restore();
  g.lineWidth = 10;
  g.strokeStyle = card.finish === "darkHolo" ? "#f5c451" : accent;
  roundedRect(g, CARD.x, CARD.y, CARD.w, CARD.h, 36);
  g.stroke();

  // The words: the card, its finish and tier, the points, the player and the game.
  g.textAlign = "center";
  g.fillStyle = "#f5f2ff";
  g.font = "800 64px system-ui, sans-serif";
  g.fillText(cardName(card), W / 2, 110);
  g.fillStyle = accent;
  g.font = "700 44px system-ui, sans-serif";
  const details = [finishLabel(card.finish), card.tier, card.background ? backgroundName(card.background) : ""].filter(Boolean).join(" · ");
  g.fillText(details, W / 2, 1080);
  g.fillStyle = "#f5c451";
  g.font = "900 72px system-ui, sans-serif";
  g.fillText(`${formatNumber(card.points)} points`, W / 2, 1170);
  g.fillStyle = "#bdb6db";
  g.font = "600 40px system-ui, sans-serif";
  g.fillText(`Pulled by ${playerName} · Foilbound`, W / 2, 1260);

  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("canvas.toBlob gave nothing"))), "image/png"));
}

function roundedRect(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/** 'foilbound-mirielle-sable-velvet-night-3.png': the name and where it sits in its set. */
export const shareFileName = (card: ShareableCard) => `foilbound-${fullCardName(card).toLowerCase().replace(/[^a-z0-9]+/g, "-")}.png`;

/** The Web Share API with the file where it takes files; else a download. Answers which it was. */
export async function shareOrDownload(blob: Blob, filename: string, text: string): Promise<"shared" | "downloaded" | "cancelled"> {
  const file = new File([blob], filename, { type: "image/png" });
  if (typeof navigator.canShare === "function" && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: "Foilbound", text });
      return "shared";
    } catch (err) {
      if ((err as DOMException).name === "AbortError") return "cancelled";
      // Any other refusal (no user gesture left, a policy): fall back to the download.
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return "downloaded";
}
