// One card on the stage: back, face (with its finish filter), crisp overlay, shadow, tier halo
// and rays. Scenes drive it by setting the public animation fields and calling update().

import { Container, PerspectiveMesh, Sprite, Texture } from "pixi.js";
import { faceVisible, projectCorners, type Corners, type Rect } from "../cardProjection.ts";
import type { RevealCard } from "../revealCard.ts";
import { PoseSpring } from "../tiltSpring.ts";
import { tierColorNumber } from "../tiers.ts";
import type { TierEffect } from "../tierEffects.ts";
import { drawCardBack, drawFaceArt, drawOverlay, EDGE_MARGIN, overlayRoom, type FaceArt } from "./cardCanvas.ts";
import { CardFilter } from "./cardFilter.ts";
import { hueColor } from "./color.ts";
import { fxTextures, SHADOW_CARD_SHARE } from "./fxTextures.ts";
import { releaseSharedMeshTexture } from "./stage.ts";
import { loadCardArt } from "./images.ts";

const MESH_VERTICES = 12;

/** Loads the art of a card's face (see loadCardArt). */
export function loadFaceArt(card: RevealCard, options: { large?: boolean } = {}): Promise<FaceArt> {
  return loadCardArt(card, options);
}

/** Card backs are the same for every card: one texture per pixel width. */
const backTextures = new Map<number, Texture>();
function backTexture(pxWidth: number, pxHeight: number): Texture {
  const key = Math.round(pxWidth);
  let texture = backTextures.get(key);
  if (!texture) {
    if (backTextures.size > 6) {
      releaseSharedMeshTexture();
      for (const t of backTextures.values()) t.destroy(true);
      backTextures.clear();
    }
    texture = Texture.from(drawCardBack(pxWidth, pxHeight));
    backTextures.set(key, texture);
  }
  return texture;
}

export interface CardViewSettings {
  lowEffects: boolean;
  reducedMotion: boolean;
  /** A back only (the deal before the server answered): never draws a face. */
  faceless?: boolean;
}

export class CardView {
  readonly root = new Container();
  readonly spring = new PoseSpring();
  readonly filter: CardFilter;

  // Animation inputs, set by the scene each frame.
  /** 0 = face up, 1 = face down (fraction of a half turn around the vertical axis). */
  flip = 1;
  /** Extra scale while lifted mid-flip. */
  lift = 0;
  /** Shader strength 0..1. */
  intensity = 0;
  /** Tier halo and rays presence 0..1. */
  glowLevel = 0;
  raysLevel = 0;
  /** Extra tilt (degrees) added to the pointer pose, e.g. a wobble. */
  extraRotateY = 0;
  /** Whole-card scale on top of the lift: the hero moment's zoom. */
  zoom = 1;
  /** 0..1: how much the back is tinted in its tell colour (a card waiting for the player's tap). */
  backTell = 0;
  private tell = 0xffffff;

  private readonly shadow: Sprite;
  private readonly glow: Sprite;
  private readonly rays: Sprite | undefined;
  private readonly back: PerspectiveMesh;
  private readonly face: PerspectiveMesh;
  private readonly faceLayer = new Container();
  private readonly overlay: PerspectiveMesh;
  private faceTexture: Texture = Texture.EMPTY;
  private overlayTexture: Texture = Texture.EMPTY;
  private width = 0;
  private height = 0;
  private pxWidth = 0;
  private art: FaceArt = { portrait: null, background: null };
  private raysAngle = Math.random() * Math.PI;

  constructor(
    readonly card: RevealCard,
    private readonly emoji: string,
    private readonly effect: TierEffect,
    private readonly settings: CardViewSettings,
  ) {
    const fx = fxTextures();
    this.filter = new CardFilter(card.finish, settings.lowEffects);

    this.shadow = new Sprite({ texture: fx.shadow, anchor: 0.5, alpha: 0.55 });
    this.glow = new Sprite({ texture: fx.glow, anchor: 0.5, tint: tierColorNumber(card.tier), blendMode: "add", alpha: 0 });
    if (effect.rays) {
      this.rays = new Sprite({ texture: fx.rays, anchor: 0.5, blendMode: "add", alpha: 0 });
      this.rays.tint = card.tier === "Mythic" ? 0xffffff : 0xf5c451;
    }
    const meshOptions = { texture: Texture.WHITE, verticesX: MESH_VERTICES, verticesY: MESH_VERTICES };
    this.back = new PerspectiveMesh(meshOptions);
    this.face = new PerspectiveMesh(meshOptions);
    this.overlay = new PerspectiveMesh(meshOptions);
    this.faceLayer.addChild(this.face);
    this.faceLayer.filters = [this.filter.filter];

    if (this.rays) this.root.addChild(this.rays);
    this.root.addChild(this.glow, this.shadow, this.back, this.faceLayer, this.overlay);
  }

  /** The halo's (and the tinted back's) colour, e.g. a rare finish's tell instead of the tier's. */
  setGlowColor(color: number): void {
    this.tell = color;
    this.glow.tint = color;
  }

  /** Sets the art (once loaded) and redraws the face. */
  setArt(art: FaceArt): void {
    this.art = art;
    if (this.pxWidth > 0) this.redrawFace();
  }

  /** Card size in CSS px and the renderer's resolution; textures are redrawn when it changes. */
  setSize(width: number, height: number, resolution: number): void {
    const pxWidth = Math.round(width * resolution);
    this.width = width;
    this.height = height;
    this.filter.setSize(width, height);
    if (pxWidth === this.pxWidth) return;
    this.pxWidth = pxWidth;
    this.back.texture = backTexture(pxWidth, Math.round(height * resolution));
    this.redrawFace();
  }

  /** The face texture's card height in texture px (without the edge margin). */
  private pxHeight(): number {
    return Math.round(this.height * (this.pxWidth / Math.max(1, this.width)));
  }

  private redrawFace(): void {
    if (this.settings.faceless) return;
    const scale = this.pxWidth / this.width;
    const pxHeight = Math.round(this.height * scale);
    const oldFace = this.faceTexture;
    const oldOverlay = this.overlayTexture;
    this.faceTexture = Texture.from(drawFaceArt(this.card, this.art, this.emoji, this.pxWidth, pxHeight));
    this.overlayTexture = Texture.from(drawOverlay(this.card, this.pxWidth, pxHeight, scale));
    this.face.texture = this.faceTexture;
    this.overlay.texture = this.overlayTexture;
    releaseSharedMeshTexture();
    if (oldFace !== Texture.EMPTY) oldFace.destroy(true);
    if (oldOverlay !== Texture.EMPTY) oldOverlay.destroy(true);
  }

  /** Applies the animation inputs and the spring-smoothed pose. `time` is shader seconds. */
  update(time: number, dtMs: number, animateRays: boolean): void {
    const pose = this.spring.value;
    const w = this.width;
    const h = this.height;
    const rotateY = this.flip * 180 + pose.rotateY + this.extraRotateY;
    const rotateX = pose.rotateX;
    const perspective = h * 3.2;
    const showFace = faceVisible(rotateX, rotateY);
    // The textures carry a transparent margin of EDGE_MARGIN texture px; map it outside the card.
    const margin = (EDGE_MARGIN * w) / Math.max(1, this.pxWidth);
    const cardRect: Rect = { left: -w / 2 - margin, top: -h / 2 - margin, right: w / 2 + margin, bottom: h / 2 + margin };

    this.back.visible = !showFace;
    this.faceLayer.visible = showFace;
    this.overlay.visible = showFace;
    if (showFace) {
      setCorners(this.face, projectCorners(cardRect, rotateX, rotateY, perspective));
      // The overlay texture's room above and below the card (overlayGeometry), in stage px.
      const room = (overlayRoom(this.pxWidth, this.pxHeight(), this.pxWidth / Math.max(1, w)) * w) / Math.max(1, this.pxWidth);
      const overlayRect: Rect = { left: cardRect.left, right: cardRect.right, top: -h / 2 - room - margin, bottom: h / 2 + room + margin };
      setCorners(this.overlay, projectCorners(overlayRect, rotateX, rotateY, perspective));
      this.filter.set(time, pose.pointerX, pose.pointerY, pose.glare, this.intensity);
    } else {
      setCorners(this.back, projectCorners(cardRect, rotateX, rotateY, perspective, true));
      this.back.tint = this.backTell > 0 ? mixWithWhite(this.tell, 0.55 * this.backTell) : 0xffffff;
    }

    const scale = (1 + this.lift) * this.zoom;
    this.root.scale.set(scale);
    // The shadow drops further as the card lifts, and leans against the tilt.
    const edgeOn = Math.abs(Math.cos((rotateY * Math.PI) / 180));
    this.shadow.width = (w / SHADOW_CARD_SHARE.x) * (0.35 + 0.65 * edgeOn);
    this.shadow.height = (h / SHADOW_CARD_SHARE.y) * 0.98;
    this.shadow.position.set(-pose.rotateY * 0.6, h * 0.03 + this.lift * h * 0.35);
    this.shadow.alpha = 0.5 - this.lift * 0.8;

    const pulse = this.settings.reducedMotion ? 1 : 0.88 + 0.12 * Math.sin(time * 2.2);
    this.glow.alpha = this.effect.glow * this.glowLevel * pulse;
    this.glow.width = w * 2.1;
    this.glow.height = h * 1.75;
    if (this.rays) {
      if (animateRays) this.raysAngle += dtMs * 0.00012;
      this.rays.rotation = this.raysAngle;
      this.rays.alpha = 0.55 * this.raysLevel;
      const size = Math.max(w, h) * 2.6;
      this.rays.width = size;
      this.rays.height = size;
      if (this.card.tier === "Mythic") this.rays.tint = hueColor((time * 0.08) % 1);
    }
  }

  destroy(): void {
    this.root.destroy({ children: true });
    releaseSharedMeshTexture();
    this.filter.destroy();
    if (this.faceTexture !== Texture.EMPTY) this.faceTexture.destroy(true);
    if (this.overlayTexture !== Texture.EMPTY) this.overlayTexture.destroy(true);
  }
}

/** `color` over white by `amount` (0 = white): a tint that colours the back without blacking it out. */
function mixWithWhite(color: number, amount: number): number {
  const channel = (shift: number) => Math.round(255 + (((color >> shift) & 0xff) - 255) * amount) << shift;
  return channel(16) | channel(8) | channel(0);
}

function setCorners(mesh: PerspectiveMesh, c: Corners): void {
  mesh.setCorners(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
}
