/** The attribute on <html> holding the time of the last finished sync of the device's copy (tests wait for it). */
export const SYNCED_ATTRIBUTE = "data-offline-synced";
