// The `sizes` the UI renders listing photos at. The shell's first-screen prefetch
// (shared-api/src/prefetch.ts) preloads the photo with the same value, so the browser picks
// the same srcset candidate for the preload and for the <img> (a mismatch downloads twice).
/** A property card in PropertyGrid's columns (shared-ui PropertyCard). */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 25vw, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';
/** The lead photo of a property page's mosaic (mf-public PhotoMosaic). */
export const LEAD_PHOTO_SIZES = '(min-width: 900px) 60vw, 100vw';
