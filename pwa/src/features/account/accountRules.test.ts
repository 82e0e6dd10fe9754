import { describe, expect, it } from "vitest";
import { MSG } from "@contract/messages";
import { emailPasswordProblem, hasPassword, validateNewPassword, validatePasswordChange } from "./accountRules";

describe("validatePasswordChange", () => {
  const ok = { currentPassword: "old-pass", newPassword: "new-pass", confirmPassword: "new-pass" };
  it("needs all three fields", () => {
    expect(validatePasswordChange({ ...ok, currentPassword: "" })).toBe(MSG.passwordFieldsRequired);
    expect(validatePasswordChange({ ...ok, confirmPassword: "" })).toBe(MSG.passwordFieldsRequired);
  });
  it("needs 8 to 128 characters (RULES.md, Accounts)", () => {
    expect(validatePasswordChange({ ...ok, newPassword: "1234567", confirmPassword: "1234567" })).toBe(MSG.newPasswordTooShort);
    expect(validatePasswordChange({ ...ok, newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) })).toBe(MSG.newPasswordTooLong);
    expect(validatePasswordChange({ ...ok, newPassword: "a 16-char phrase", confirmPassword: "a 16-char phrase" })).toBeNull();
  });
  it("needs a matching confirmation", () => {
    expect(validatePasswordChange({ ...ok, confirmPassword: "new-pasS" })).toBe(MSG.passwordsDoNotMatch);
  });
  it("accepts a valid change", () => {
    expect(validatePasswordChange(ok)).toBeNull();
  });
});

describe("emailPasswordProblem", () => {
  it("asks for the password to change or to remove", () => {
    expect(emailPasswordProblem("me@example.com", "")).toBe(MSG.emailPasswordRequiredChange);
    expect(emailPasswordProblem("", "")).toBe(MSG.emailPasswordRequiredRemove);
    expect(emailPasswordProblem("", "secret")).toBeNull();
  });
});

describe("validateNewPassword (a passkeys-only account sets one, issue 46)", () => {
  it("needs no current password, even when the form's empty one is passed along", () => {
    expect(validateNewPassword({ currentPassword: "", newPassword: "fresh-lantern-77", confirmPassword: "fresh-lantern-77" } as never)).toBeNull();
    expect(validateNewPassword({ newPassword: "short", confirmPassword: "short" })).toBe(MSG.newPasswordTooShort);
    expect(validateNewPassword({ newPassword: "fresh-lantern-77", confirmPassword: "fresh-lantern-78" })).toBe(MSG.passwordsDoNotMatch);
    expect(validateNewPassword({ newPassword: "", confirmPassword: "" })).toBe(MSG.passwordFieldsRequired);
  });

  it("reads a session remembered before hasPassword existed as having one", () => {
    expect(hasPassword({})).toBe(true);
    expect(hasPassword({ hasPassword: true })).toBe(true);
    expect(hasPassword({ hasPassword: false })).toBe(false);
  });
});
