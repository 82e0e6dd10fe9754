import { describe, expect, it } from "vitest";
import { characterName } from "./characterNames";
import { SETS } from "./sets";

describe("character names (issue 44: every card was 'Velvet Night #1')", () => {
  const all = SETS.flatMap((set) => set.characters);
  it("gives every character of every set a name of its own: a first name and a surname", () => {
    const names = all.map(characterName);
    expect(new Set(names).size).toBe(all.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });
  it("is the same on every run (the art prints it, the game shows it), and an unknown id stays itself", () => {
    expect(characterName("velvetnight1")).toBe(characterName("velvetnight1"));
    expect(characterName("nobody")).toBe("nobody");
  });
  it("never repeats a first name within a set", () => {
    for (const set of SETS) {
      const firsts = set.characters.map((c) => characterName(c).split(" ")[0]);
      expect(new Set(firsts).size).toBe(firsts.length);
    }
  });
});
