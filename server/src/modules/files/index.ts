// The files module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as fileRoutes } from './routes';
export { FileRefSchema } from './schemas';
export { FileLinks, insertFiles, objectKeys, removeObjects, storeUploads, toFileRef, toImageRef } from './service';
