// The service worker's runtime caches for art and sound, as plain data: vite.config.ts builds the
// worker's routes from it and the page's warm-up (warmAssets.ts) reads the same caches. The names
// never carry a version: a new release keeps what an installed player already has (issue 12).

import { ART_FILES } from "../../../assets/scripts/artManifest.ts";

export const ART_CACHE = "foilbound-art";
export const SOUND_CACHE = "foilbound-sounds";

/** Every generated picture, plus room for icons, the logo and an operator's extra files. */
export const ART_MAX_ENTRIES = ART_FILES.length + 100;
/** Every sound in both formats (the game uses one), with room to spare. */
export const SOUND_MAX_ENTRIES = 60;

const DAY_S = 24 * 60 * 60;
/**
 * How long the worker serves a cached file without asking again. Long, because offline an
 * expired entry is not served at all: a player away from the network for weeks keeps the art.
 */
export const ASSET_MAX_AGE_S = 30 * DAY_S;
/**
 * The warm-up fetches again, while online, what is older than this: art an operator replaces
 * still reaches players within about a week, and nothing gets near the expiry above.
 */
export const ASSET_REFRESH_AFTER_MS = 7 * DAY_S * 1000;

