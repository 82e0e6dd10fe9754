// One filter per card (on the container holding its face), with the finish's shader.

import { Filter, GlProgram, defaultFilterVert } from "pixi.js";
import type { Finish } from "../../../../api/src/game/sets.ts";
import { DARK_HOLO_FRAG, GLARE_FRAG, GLITCH_FRAG, HOLO_FRAG } from "./shaders.ts";

const FRAGMENTS: Readonly<Record<Finish, string>> = {
  regular: GLARE_FRAG,
  holo: HOLO_FRAG,
  glitch: GLITCH_FRAG,
  darkHolo: DARK_HOLO_FRAG,
};

const programs = new Map<Finish, GlProgram>();

function programFor(finish: Finish): GlProgram {
  let program = programs.get(finish);
  if (!program) {
    // highp: the hash-based glitter and noise band badly at mediump on phones.
    program = GlProgram.from({
      vertex: defaultFilterVert,
      fragment: FRAGMENTS[finish],
      name: `foilbound-${finish}`,
      preferredFragmentPrecision: "highp",
    });
    programs.set(finish, program);
  }
  return program;
}

interface FoilUniforms {
  uTime: number;
  uPointer: Float32Array;
  uGlare: number;
  uIntensity: number;
  uLow: number;
  uSeed: number;
  uSize: Float32Array;
}

export class CardFilter {
  readonly filter: Filter;
  private readonly u: FoilUniforms;

  constructor(
    readonly finish: Finish,
    lowEffects: boolean,
  ) {
    this.filter = new Filter({
      glProgram: programFor(finish),
      resources: {
        foil: {
          uTime: { value: 0, type: "f32" },
          uPointer: { value: new Float32Array([0.5, 0.5]), type: "vec2<f32>" },
          uGlare: { value: 0, type: "f32" },
          uIntensity: { value: 0, type: "f32" },
          uLow: { value: lowEffects ? 1 : 0, type: "f32" },
          uSeed: { value: Math.random() * 100, type: "f32" },
          uSize: { value: new Float32Array([250, 350]), type: "vec2<f32>" },
        },
      },
      // Render at the canvas resolution (the default 1 blurs the art on 2x screens), and let
      // the glitch slices spill a little past the edge.
      resolution: "inherit",
      padding: finish === "glitch" ? 6 : 0,
    });
    this.u = (this.filter.resources as { foil: { uniforms: FoilUniforms } }).foil.uniforms;
  }

  set(time: number, pointerX: number, pointerY: number, glare: number, intensity: number): void {
    this.u.uTime = time;
    this.u.uPointer[0] = pointerX;
    this.u.uPointer[1] = pointerY;
    this.u.uGlare = glare;
    this.u.uIntensity = intensity;
  }

  setSize(width: number, height: number): void {
    this.u.uSize[0] = width;
    this.u.uSize[1] = height;
  }

  setLowEffects(low: boolean): void {
    this.u.uLow = low ? 1 : 0;
  }

  destroy(): void {
    this.filter.destroy();
  }
}
