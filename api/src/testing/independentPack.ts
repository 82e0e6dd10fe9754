import { createHmac } from "node:crypto";
import { tierOf } from "../game/rarity.ts";
import { hasBackground, SETS, type Card, type Finish } from "../game/sets.ts";

/**
 * RULES.md's algorithm written again from its text with node:crypto, the way a player would
 * check a pack: if the shared engine ever drifts from the rules, these differ.
 */
export function independentPack(serverSeed: string, clientSeed: string, nonce: number, setId: number, opts: { pity?: boolean } = {}): Card[] {
  let k = 0;
  let words: number[] = [];
  const word = () => {
    if (!words.length) {
      const block = createHmac("sha256", Buffer.from(serverSeed, "utf8")).update(`${clientSeed}:${nonce}:${k++}`, "utf8").digest();
      words = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
    }
    return words.shift()!;
  };
  const int = (max: number) => {
    const limit = 2 ** 32 - (2 ** 32 % max);
    let w = word();
    while (w >= limit) w = word();
    return w % max;
  };
  const pick = (weights: number[]) => {
    const roll = int(weights.reduce((a, b) => a + b, 0));
    let sum = 0;
    return weights.findIndex((w) => (sum += w) > roll);
  };
  const backgrounds: Array<[string, number]> = [["cyber", 20], ["grey", 10], ["green", 10], ["blue", 10], ["red", 10], ["chromatic", 10], ["neonblocks", 15], ["space", 9], ["rainbowgalaxy", 5], ["darkvoid", 1]];
  const set = SETS[setId - 1]!;
  const card = (): Card => {
    const character = set.characters[pick([...set.weights])]!;
    const f = int(10000);
    const finish: Finish = f < 100 ? "darkHolo" : f < 600 ? "glitch" : f < 1000 ? "holo" : "regular";
    const background = hasBackground(set, finish) ? backgrounds[pick(backgrounds.map((b) => b[1]))]![0] : "";
    return { character, background, set: setId, isHolo: finish === "holo", isGlitch: finish === "glitch", isDarkHolo: finish === "darkHolo" };
  };
  const pack = [card(), card(), card()];
  // RULES.md, Pity: the guaranteed pack's third card keeps drawing until Legendary or Mythic.
  while (opts.pity && !["Legendary", "Mythic"].includes(tierOf(pack[2]!))) pack[2] = card();
  return pack;
}

