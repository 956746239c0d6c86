export { renderUi } from './render';
export { renderPage, testQueryClient, LocationProbe, never, settle, asPhone, fakeFile, type RenderPageOptions } from './page';
