// Fragment shaders of the four card finishes (GLSL ES 3.0, PixiJS v8 filter conventions:
// vTextureCoord in, finalColor out, premultiplied alpha). One of them runs on each card.
//
// Shared uniforms (one group, "foil"):
//   uTime       seconds, advanced each tick (frozen under reduced motion)
//   uPointer    glare centre / foil offset, 0..1 across the card
//   uGlare      0..1 glare presence (0 when the pointer is away)
//   uIntensity  0..1 effect strength (ramps in as the card turns face up)
//   uLow        1 = low-effects: skip the expensive parts
//   uSeed       per card, so two glitch cards do not twitch in step
//   uSize       card size in CSS px, for pixel-sized detail (scanlines, glitter)

const HEADER = /* glsl */ `
in vec2 vTextureCoord;
out vec4 finalColor;

uniform sampler2D uTexture;
uniform vec4 uInputSize;
uniform vec4 uOutputFrame;
uniform vec4 uInputClamp;

uniform float uTime;
uniform vec2 uPointer;
uniform float uGlare;
uniform float uIntensity;
uniform float uLow;
uniform float uSeed;
uniform vec2 uSize;

// 0..1 across the filtered area (the card's bounds on screen).
vec2 cardUv() { return vTextureCoord * uInputSize.xy / uOutputFrame.zw; }

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

vec3 spectrum(float t) { return 0.5 + 0.5 * cos(6.2831853 * (t + vec3(0.0, 0.33, 0.67))); }

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

// Soft white glare around the pointer, as pokemon-cards-css's radial "card__glare".
vec3 glare(vec2 uv, float strength) {
  float d = distance(uv * vec2(1.0, 1.4), uPointer * vec2(1.0, 1.4));
  float g = 1.0 - smoothstep(0.0, 0.75, d);
  return vec3(1.0) * g * g * strength * uGlare;
}
`;

/** Regular cards: a subtle glare and a faint sheen line, nothing else. */
export const GLARE_FRAG = /* glsl */ `${HEADER}
void main() {
  vec4 src = texture(uTexture, vTextureCoord);
  if (src.a < 0.004) { finalColor = src; return; }
  vec3 base = src.rgb / src.a;
  vec2 uv = cardUv();
  float sheen = exp(-pow((uv.x + uv.y - (uPointer.x + uPointer.y)) * 3.2, 2.0)) * 0.07 * uGlare;
  vec3 col = base + glare(uv, 0.22) + sheen;
  finalColor = vec4(min(col, 1.0) * src.a, src.a);
}
`;

/**
 * Holo: rainbow foil bands that slide with the pointer (or tilt), etched foil lines, glitter
 * that twinkles as the angle changes, and a bright glare at the pointer.
 */
export const HOLO_FRAG = /* glsl */ `${HEADER}
void main() {
  vec4 src = texture(uTexture, vTextureCoord);
  if (src.a < 0.004) { finalColor = src; return; }
  vec3 base = src.rgb / src.a;
  vec2 uv = cardUv();
  vec2 d = uPointer - 0.5;
  float lum = luma(base);

  // Diagonal rainbow bands; the pointer slides them like light moving over foil.
  float t = (uv.x * 0.8 + uv.y * 1.25) * 1.35 - (d.x * 1.6 + d.y * 1.1) + uTime * 0.035;
  vec3 rainbow = spectrum(t);
  // Etched foil lines catch the light at slightly different angles.
  float lines = 0.5 + 0.5 * sin((uv.x + uv.y * 0.3) * uSize.x * 0.55 + d.x * 8.0);
  // Foil shows on mid-tones; deep shadows and highlights stay readable.
  float mask = smoothstep(0.04, 0.35, lum) * (1.0 - 0.55 * smoothstep(0.82, 1.0, lum));
  float near = 1.0 - smoothstep(0.05, 0.95, distance(uv, uPointer));
  // Issue 13: foil strongest on the frame and background (the card's rim), gentler on the face.
  float rim = smoothstep(0.22, 0.48, max(abs(uv.x - 0.5), abs(uv.y - 0.46)));
  // Issue 44: faces turned green or pink under the foil; the figure gets only a light sweep.
  float amount = (0.3 + 0.4 * near + 0.15 * uGlare) * mask * uIntensity * (0.15 + 1.05 * rim);
  vec3 foil = rainbow * (0.75 + 0.35 * lines);
  // Tint rather than paint: the foil's hue multiplies into the art (keeping faces and shapes
  // readable, as printed foil does) with a little light added on top.
  vec3 tinted = base * (0.62 + 0.75 * foil) + foil * 0.1;
  vec3 col = mix(base, tinted, amount);

  if (uLow < 0.5) {
    // Glitter as soft round sparkles (issue 13: 2.5 px square cells read as hard specks).
    vec2 g = uv * uSize / 7.0;
    vec2 cell = floor(g);
    float h = hash(cell + uSeed);
    float phase = h * 50.0 + d.x * 9.0 - d.y * 7.0 + uTime * 0.6;
    float twinkle = pow(max(0.0, sin(phase)), 10.0) * step(0.93, h);
    float dotShape = smoothstep(0.45, 0.0, length(fract(g) - 0.5));
    col += twinkle * dotShape * dotShape * (0.5 + 0.5 * near) * (0.2 + 1.0 * rim) * uIntensity * mix(vec3(1.0), spectrum(h * 4.0 + t), 0.5);
  }

  col += glare(uv, 0.3) * (0.6 + 0.4 * uIntensity);
  finalColor = vec4(clamp(col, 0.0, 1.0) * src.a, src.a);
}
`;

/**
 * Glitch: RGB split, scanlines, faint noise, and now and then horizontal slices that jump
 * sideways for a few frames.
 */
export const GLITCH_FRAG = /* glsl */ `${HEADER}
vec4 sampleAt(vec2 uv) {
  vec2 tc = uv * uOutputFrame.zw * uInputSize.zw;
  return texture(uTexture, clamp(tc, uInputClamp.xy, uInputClamp.zw));
}

void main() {
  vec2 uv = cardUv();
  float frame = floor(uTime * 14.0);
  // A burst roughly one window in five (windows of 1/3 s), different per card.
  float burst = step(0.85, hash(vec2(floor(uTime * 3.0), uSeed)));
  float jitter = 0.0;
  if (uLow < 0.5) {
    float bands = 6.0 + floor(hash(vec2(frame, uSeed + 1.0)) * 18.0);
    float row = floor(uv.y * bands);
    float r = hash(vec2(row, frame + uSeed));
    // Small slices, never across the nameplate (issue 13: the best card's art and name were
    // unreadable): at most ~2.5% of the width, and the plate (bottom 17%) holds still.
    jitter = burst * step(0.7, r) * (r - 0.5) * 0.05 * (1.0 - step(0.83, uv.y));
  }
  float split = (0.002 + 0.005 * burst + 0.002 * abs(uPointer.x - 0.5)) * uIntensity * mix(1.0, 0.4, step(0.83, uv.y));
  vec2 p = uv + vec2(jitter * uIntensity, 0.0);
  vec4 cr = sampleAt(p + vec2(split, 0.0));
  vec4 cg = sampleAt(p);
  vec4 cb = sampleAt(p - vec2(split, 0.0));
  float a = max(cg.a, max(cr.a, cb.a));
  vec3 col = vec3(cr.r, cg.g, cb.b);
  if (a < 0.004) { finalColor = vec4(0.0); return; }

  // Scanlines every ~3 CSS px, drifting slowly; a cool tint in the dark parts.
  float scan = 0.5 + 0.5 * sin(uv.y * uSize.y * 2.1 - uTime * 6.0);
  col *= 1.0 - 0.16 * scan * uIntensity;
  col += vec3(0.0, 0.05, 0.08) * (1.0 - luma(col / max(a, 0.001))) * a * uIntensity;
  if (uLow < 0.5) {
    col += (hash(floor(uv * uSize) + frame) - 0.5) * 0.07 * a * uIntensity;
    // A bright tear line during bursts.
    float tear = burst * smoothstep(0.006, 0.0, abs(uv.y - hash(vec2(frame, uSeed + 7.0))));
    col += vec3(0.55, 1.0, 1.0) * tear * 0.3 * a;
  }
  col += glare(uv, 0.28) * a;
  finalColor = vec4(clamp(col, 0.0, a), a);
}
`;

/**
 * Dark holo: the art sinks into a deep violet / teal / black oil-slick sheen that flows slowly
 * and shifts with the pointer, with a slow highlight sweeping across.
 */
export const DARK_HOLO_FRAG = /* glsl */ `${HEADER}
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x), mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

float fbm(vec2 p) {
  float v = 0.5 * noise(p);
  if (uLow > 0.5) return v * 2.0;
  v += 0.25 * noise(p * 2.03 + 1.7);
  v += 0.125 * noise(p * 4.01 + 4.3);
  return v / 0.875;
}

void main() {
  vec4 src = texture(uTexture, vTextureCoord);
  if (src.a < 0.004) { finalColor = src; return; }
  vec3 base = src.rgb / src.a;
  vec2 uv = cardUv();
  vec2 d = uPointer - 0.5;
  float lum = luma(base);

  float n = fbm(uv * vec2(2.4, 3.0) + d * 0.6 + vec2(uTime * 0.025, -uTime * 0.018));
  float film = n * 1.6 + dot(uv, vec2(0.55, 0.85)) + d.x * 0.9 - d.y * 0.6;
  // Thin-film palette pushed dark: violet, teal and magenta over near-black.
  vec3 oil = 0.5 + 0.5 * cos(6.2831853 * (film + vec3(0.0, 0.18, 0.36)));
  oil = oil * oil * vec3(0.55, 0.5, 0.85) + vec3(0.06, 0.0, 0.1);

  // Deep blacks and high contrast (issue 44: the greyed chrome of issue 13 read as a card one
  // does not own): the face texture already sinks the rim to black with gold glitter
  // (cardCanvas.ts); here the art gains contrast, a faint oil film moves on the black, gold
  // glitter twinkles with the angle, and a bright gold sweep crosses the card.
  float rim = smoothstep(0.22, 0.48, max(abs(uv.x - 0.5), abs(uv.y - 0.46)));
  vec3 col = mix(base, clamp((base - 0.5) * 1.25 + 0.5, 0.0, 1.0), uIntensity);
  vec3 sheen = oil * (0.22 * uIntensity) * (1.0 - lum) * rim;
  col = 1.0 - (1.0 - col) * (1.0 - sheen);

  if (uLow < 0.5) {
    vec2 g = uv * uSize / 6.0;
    vec2 cell = floor(g);
    float h = hash(cell + uSeed);
    float twinkle = pow(max(0.0, sin(h * 40.0 + d.x * 10.0 - d.y * 8.0 + uTime * 0.8)), 12.0) * step(0.9, h);
    float dotShape = smoothstep(0.45, 0.0, length(fract(g) - 0.5));
    col += twinkle * dotShape * (0.4 + 0.6 * rim) * uIntensity * vec3(1.0, 0.85, 0.45);
  }

  float sweep = fract(uTime * 0.045 + uSeed * 0.13) * 2.6 - 0.8 + (d.x + d.y) * 0.35;
  float band = exp(-pow((dot(uv, vec2(0.62, 0.78)) - sweep) * 9.0, 2.0));
  col += band * (0.25 + 0.35 * lum) * uIntensity * vec3(1.0, 0.82, 0.45);

  col += glare(uv, 0.3) * vec3(1.0, 0.92, 0.75);
  finalColor = vec4(clamp(col, 0.0, 1.0) * src.a, src.a);
}
`;
