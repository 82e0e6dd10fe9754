// Whether the PixiJS stage should run here. The shaders are GLSL ES 3.0, so WebGL2 is required;
// and WebGL2 drawn in software (SwiftShader, llvmpipe: a device without a usable GPU, or a
// blocklisted one) costs the CPU seconds per frame of shader work, which the DOM reveal avoids:
// measured on headless Chromium at 4x CPU, each PixiJS reveal frame took 0.6-7 s of software GL
// and held the page's main thread in the canvas read-back. Either way the DOM reveal runs.
// Checked once: each probe costs a (released) GL context.

/** Renderer names of software rasterisers (as WebGL reports them through ANGLE or Mesa). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** localStorage key forcing the PixiJS stage even on software WebGL (benchmarks, debugging). */
export const FORCE_STAGE_KEY = "foilbound-effects-stage";

interface Probe {
  webgl2: boolean;
  software: boolean;
}

let cached: Probe | undefined;

export function hasWebGL2(): boolean {
  cached ??= probe();
  return cached.webgl2;
}

/** WebGL2 drawn by a GPU (or the stage forced on): the effects can afford PixiJS. */
export function hasFastWebGL2(): boolean {
  cached ??= probe();
  if (!cached.webgl2) return false;
  return !cached.software || forcedStage();
}

/** Pure: whether a WebGL renderer string names a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERER.test(renderer);
}

function forcedStage(): boolean {
  try {
    return localStorage.getItem(FORCE_STAGE_KEY) === "pixi";
  } catch {
    return false;
  }
}

function probe(): Probe {
  if (typeof document === "undefined") return { webgl2: false, software: false };
  try {
    // A browser that knows it would draw in software may refuse this one already.
    const strict = document.createElement("canvas").getContext("webgl2", { failIfMajorPerformanceCaveat: true });
    const gl = strict ?? document.createElement("canvas").getContext("webgl2");
    if (!gl) return { webgl2: false, software: false };
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? "");
    // Give the context back at once: browsers cap live contexts at about 16 per page.
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return { webgl2: true, software: !strict || isSoftwareRenderer(renderer) };
  } catch {
    return { webgl2: false, software: false };
  }
}
