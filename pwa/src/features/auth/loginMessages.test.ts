import { describe, expect, it } from "vitest";
import { MSG } from "@contract/messages";
import { isUnknownUsername, loginErrorText, newAccountCheckText, newAccountProblem, registrationErrorText, validateLogin } from "./loginMessages";

describe("validateLogin", () => {
  it("asks for both fields", () => {
    expect(validateLogin("", "secret")).toBe(MSG.loginRequired);
    expect(validateLogin("maya", "")).toBe(MSG.loginRequired);
  });
  it("allows only letters, digits, underscore and dash in the username", () => {
    expect(validateLogin("maya rose", "secret")).toBe(MSG.usernameChars);
    expect(validateLogin("maya!", "secret")).toBe(MSG.usernameChars);
    expect(validateLogin("Maya_Rose-7", "secret")).toBeNull();
  });
  it("takes SPEC.md's 5-15 character passwords of older accounts and the longer new ones, up to 128", () => {
    expect(validateLogin("maya", "1234")).toBe(MSG.passwordLength);
    expect(validateLogin("maya", "x".repeat(129))).toBe(MSG.newPasswordTooLong);
    expect(validateLogin("maya", "12345")).toBeNull();
    expect(validateLogin("maya", "123456789012345")).toBeNull();
    expect(validateLogin("maya", "correct horse battery staple")).toBeNull();
  });
});

describe("server messages", () => {
  it("turns any 'Invalid ... password' into the friendly text", () => {
    expect(loginErrorText("Invalid password")).toBe(MSG.wrongPassword);
    expect(loginErrorText("Invalid username or password")).toBe(MSG.wrongPassword);
    expect(loginErrorText(MSG.tooManyAttempts)).toBe(MSG.tooManyAttempts);
  });
  it("recognises an unknown username", () => {
    expect(isUnknownUsername("Invalid username")).toBe(true);
    expect(isUnknownUsername("Invalid password")).toBe(false);
  });
  it("explains registration failures", () => {
    expect(registrationErrorText("Username already taken")).toBe(MSG.usernameTakenHint);
    expect(registrationErrorText("Registration failed")).toBe("Account creation failed: Registration failed");
  });
});

describe("newAccountProblem", () => {
  it("says before the terms dialog what an unknown username's details lack for a new account", () => {
    // A 5-7 character password signs in to an older account but cannot start a new one.
    expect(newAccountProblem("maya", "secret1")).toBe(MSG.cannotCreateAccount(MSG.newPasswordTooShort));
    expect(newAccountProblem("maya", "MAYA")).toBe(MSG.cannotCreateAccount(MSG.newPasswordTooShort));
    expect(newAccountProblem("mayarose", "MayaRose")).toBe(MSG.cannotCreateAccount(MSG.passwordIsUsername));
    // A one-letter username signs in but is no display name (2-20 characters).
    expect(newAccountProblem("m", "long enough pass")).toBe(MSG.cannotCreateAccount(MSG.displayNameInvalid));
  });
  it("lets the dialog offer an account when the details can make one", () => {
    expect(newAccountProblem("maya", "long enough pass")).toBeNull();
    expect(newAccountProblem("Maya_Rose-7", "12345678")).toBeNull();
  });
});

describe("newAccountCheckText", () => {
  it("shows the API's refusal of a weak password in its own words, before the terms dialog (issue 44)", () => {
    expect(newAccountCheckText(400, MSG.passwordTooCommon)).toBe(MSG.cannotCreateAccount(MSG.passwordTooCommon));
    expect(newAccountCheckText(400, MSG.passwordTooCommon)).toContain(MSG.passwordTooCommon);
  });
  it("opens the dialog when the server has no check, and shows other failures as they are", () => {
    expect(newAccountCheckText(404, "Not found")).toBeNull();
    expect(newAccountCheckText(405, "Method not allowed")).toBeNull();
    expect(newAccountCheckText(429, MSG.tooManyAttempts)).toBe(MSG.tooManyAttempts);
    expect(newAccountCheckText(0, "You are offline")).toBe("You are offline");
  });
});
