export { renderUi } from './render';
export { renderPage, LocationProbe, never, settle, asPhone, fakeFile, type RenderPageOptions } from './page';
