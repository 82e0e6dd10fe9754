// Whether the PixiJS stage can run here. The shaders are GLSL ES 3.0, so WebGL2 is required;
// anything less gets the DOM reveal. Checked once: each probe costs a (released) GL context.

let cached: boolean | undefined;

export function hasWebGL2(): boolean {
  if (cached !== undefined) return cached;
  cached = probe();
  return cached;
}

function probe(): boolean {
  if (typeof document === "undefined") return false;
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2", { failIfMajorPerformanceCaveat: false });
    if (!gl) return false;
    // Give the context back at once: browsers cap live contexts at about 16 per page.
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return true;
  } catch {
    return false;
  }
}
