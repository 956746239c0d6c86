// The download seam: the console's pages save files through this module, so their tests can
// stand in for the browser's download.

/** Hands a file the API produced to the browser as a download. */
export { saveFile } from 'shared-ui';
