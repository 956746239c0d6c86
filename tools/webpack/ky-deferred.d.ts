import type { KyInstance, Options } from 'ky';

/** ky's default export as far as shared-api uses it (see ky-deferred.js). */
declare const ky: { create(options: Options): KyInstance };
export default ky;
