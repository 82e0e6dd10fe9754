import { describe, expect, it } from "vitest";
import { isSoftwareRenderer } from "./webglSupport";

// A device whose WebGL is drawn by the CPU gets the DOM reveal (issue 11: a reveal frame on
// software WebGL took seconds); a phone or desktop GPU keeps the PixiJS stage.
describe("software WebGL is told apart from a GPU by the renderer WebGL reports", () => {
  it("recognises Chromium's SwiftShader and Mesa's software rasterisers", () => {
    expect(isSoftwareRenderer("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)")).toBe(true);
    expect(isSoftwareRenderer("Google SwiftShader")).toBe(true);
    expect(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)")).toBe(true);
    expect(isSoftwareRenderer("ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)")).toBe(true);
  });

  it("keeps real GPUs on the stage", () => {
    expect(isSoftwareRenderer("Adreno (TM) 619")).toBe(false);
    expect(isSoftwareRenderer("Mali-G57 MC2")).toBe(false);
    expect(isSoftwareRenderer("Apple GPU")).toBe(false);
    expect(isSoftwareRenderer("ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)")).toBe(false);
  });
});
