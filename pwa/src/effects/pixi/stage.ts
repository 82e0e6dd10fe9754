// The page's one PixiJS Application. Browsers allow about 16 live WebGL contexts per page, so the
// reveal and the inspector share this stage: it is created on first use, never destroyed, and its
// canvas moves into whichever container shows a scene. Scenes stack: the newest one is shown,
// and when it leaves the previous one gets the canvas back.
// The ticker only runs while the shown scene says it is animating.

import { createRoot } from "@pixi/react";
import { Texture, type Application, type Container, type Renderer } from "pixi.js";

export interface Scene {
  readonly root: Container;
  /** Size of the container in CSS px and the renderer's resolution: on mount and on every resize. */
  layout(width: number, height: number, resolution: number): void;
  /** Advances to `now` (ms, performance.now()); returns true while more frames are needed. */
  update(now: number, dtMs: number): boolean;
  /** Low effects render at 1x to save fill rate. */
  readonly lowEffects: boolean;
}

export interface SceneLease {
  /** Ask for frames again (pointer moved, textures arrived ...). */
  wake(): void;
  /** Renders one frame now (used after a resize or a skip when the ticker is idle). */
  renderNow(): void;
  unmount(): void;
}

interface Mounted {
  container: HTMLElement;
  scene: Scene;
}

export class Stage {
  private readonly stack: Mounted[] = [];
  private readonly observer: ResizeObserver;
  private idleFrames = 0;
  private lastNow = 0;

  constructor(readonly app: Application) {
    app.ticker.add(this.tick, this);
    this.observer = new ResizeObserver(() => this.fit());
    const canvas = app.canvas;
    canvas.style.position = "absolute";
    canvas.style.inset = "0";
    canvas.style.width = "100%";
    canvas.style.height = "100%";
    canvas.style.display = "block";
    // The scenes read pointer moves themselves; let the page not scroll under a drag.
    canvas.style.touchAction = "none";
    canvas.setAttribute("aria-hidden", "true");
  }

  mount(container: HTMLElement, scene: Scene): SceneLease {
    const entry: Mounted = { container, scene };
    this.stack.push(entry);
    this.show(entry);
    return {
      wake: () => {
        if (this.top() === entry) this.wake();
      },
      renderNow: () => {
        if (this.top() === entry) this.renderOnce();
      },
      unmount: () => {
        const index = this.stack.indexOf(entry);
        if (index === -1) return;
        const wasTop = index === this.stack.length - 1;
        this.stack.splice(index, 1);
        if (entry.scene.root.parent) entry.scene.root.parent.removeChild(entry.scene.root);
        if (!wasTop) return;
        this.observer.disconnect();
        const previous = this.top();
        if (previous) this.show(previous);
        else {
          this.app.ticker.stop();
          this.app.canvas.remove();
        }
      },
    };
  }

  private top(): Mounted | undefined {
    return this.stack[this.stack.length - 1];
  }

  private show(entry: Mounted): void {
    this.app.stage.removeChildren();
    this.app.stage.addChild(entry.scene.root);
    if (getComputedStyle(entry.container).position === "static") entry.container.style.position = "relative";
    entry.container.appendChild(this.app.canvas);
    this.observer.disconnect();
    this.observer.observe(entry.container);
    this.fit();
    this.wake();
  }

  private fit(): void {
    const entry = this.top();
    if (!entry) return;
    const width = Math.max(1, entry.container.clientWidth);
    const height = Math.max(1, entry.container.clientHeight);
    // Cap the pixel ratio at 2 (3x phones would triple the fill cost for little gain).
    const resolution = entry.scene.lowEffects ? 1 : Math.min(2, window.devicePixelRatio || 1);
    this.app.renderer.resize(width, height, resolution);
    entry.scene.layout(width, height, resolution);
    this.renderOnce();
    this.wake();
  }

  private wake(): void {
    this.idleFrames = 0;
    if (!this.app.ticker.started) {
      this.lastNow = performance.now();
      this.app.ticker.start();
    }
  }

  private renderOnce(): void {
    const entry = this.top();
    if (!entry) return;
    const now = performance.now();
    entry.scene.update(now, 0);
    this.app.render();
  }

  private tick(): void {
    const entry = this.top();
    if (!entry) return;
    const now = performance.now();
    const dt = Math.min(50, now - this.lastNow);
    this.lastNow = now;
    const busy = entry.scene.update(now, dt);
    // Let one more frame render after the scene settles, then stop the loop entirely.
    if (busy) this.idleFrames = 0;
    else if (++this.idleFrames > 1) this.app.ticker.stop();
  }
}

let pending: Promise<Stage> | undefined;
let liveRenderer: Renderer | null = null;

/**
 * Call before destroying a texture a card mesh drew with. Pixi's unbatched meshes share one shader
 * whose texture slot keeps the last texture drawn, and destroying that texture then warns "a
 * 'TextureSource' was destroyed while still bound to a shader" after every reveal (issue 13).
 * Pointing the slot at the empty texture first lets the texture go cleanly; the next frame binds
 * each mesh's own texture again. Pixi offers no public call for this, hence the private path.
 */
export function releaseSharedMeshTexture(): void {
  const pipes = liveRenderer?.renderPipes as unknown as { mesh?: { _adaptor?: { _shader?: { resources: Record<string, unknown> } | null } } } | undefined;
  const shader = pipes?.mesh?._adaptor?._shader;
  if (shader) shader.resources.uTexture = Texture.EMPTY.source;
}

/** The shared stage, created on first call. Rejects when WebGL cannot start. */
export function getStage(): Promise<Stage> {
  pending ??= createStage().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/**
 * The one Application, made through @pixi/react's createRoot (its way to mount Pixi outside a
 * React DOM tree, as ReactDOM's createRoot is for the DOM): the canvas is ours, so the stage can
 * move it into whichever container shows a scene, and a failed WebGL start rejects here, which
 * sends the reveal to its DOM stage.
 */
async function createStage(): Promise<Stage> {
  const root = createRoot(document.createElement("canvas"));
  const app = await root.render(null, {
    // The shaders are GLSL only: never pick WebGPU.
    preference: "webgl",
    backgroundAlpha: 0,
    // Card textures carry a transparent margin, so edges stay smooth without MSAA's cost.
    antialias: false,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    autoStart: false,
    sharedTicker: false,
    width: 1,
    height: 1,
    powerPreference: "high-performance",
  });
  app.ticker.stop();
  app.stage.eventMode = "none";
  liveRenderer = app.renderer;
  return new Stage(app);
}
