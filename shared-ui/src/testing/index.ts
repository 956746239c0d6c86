export { renderUi } from './render';
export { renderPage, testQueryClient, LocationProbe, never, settle, asPhone, fakeFile, type RenderPageOptions } from './page';
// Tests' router (not in 'shared-ui/router': the app never renders it).
export { MemoryRouter } from 'react-router';
