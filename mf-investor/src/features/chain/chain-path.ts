import { paths } from 'shared-api/contract';

/** A property's chain record in the investor's area (the shell routes it to the investments module). */
export const chainPath = (propertyId: string) => `${paths.investments}/${encodeURIComponent(propertyId)}/chain`;
