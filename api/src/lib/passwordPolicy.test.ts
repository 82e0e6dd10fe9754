import { describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { newPasswordShapeProblem } from "../contract/rules.ts";
import { newPasswordProblem } from "./passwordPolicy.ts";

// One password policy (RULES.md, Accounts): the PWA checks the part it can (contract/rules.ts) before
// the terms dialog, the API all of it; both must say the same thing for the same password.
describe("the new-password policy", () => {
  const cases: Array<[password: string, username: string]> = [
    ["abc123", "maya"],
    ["x".repeat(129), "maya"],
    ["MayaRose", "mayarose"],
    ["password1", "maya"],
    ["iloveyou", "maya"],
    ["violet-harbour-42", "maya"],
  ];

  it("the API refuses whatever the PWA's own check refuses, with the same text", () => {
    for (const [password, username] of cases) {
      const shape = newPasswordShapeProblem(password, username);
      if (shape) expect(newPasswordProblem(password, username), password).toBe(shape);
    }
  });

  it("adds the common passwords only the API knows, and lets a good one through", () => {
    expect(newPasswordShapeProblem("password1", "maya")).toBeNull();
    expect(newPasswordProblem("password1", "maya")).toBe(MSG.passwordTooCommon);
    expect(newPasswordProblem("PASSWORD1", "maya")).toBe(MSG.passwordTooCommon);
    expect(newPasswordProblem("violet-harbour-42", "maya")).toBeNull();
  });
});
