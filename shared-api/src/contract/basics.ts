// 'shared-api/contract/basics': the part of the contract the shell's main.js and the first
// screen of the public pages read: the brand and limits, the site's paths, the spec's
// messages and the photo `sizes`. Shared eagerly (in the shell's main.js); the rest of
// 'shared-api/contract' (types, validation, figures, money, states) is shared lazily and loads
// with the first page that imports it, so `/` downloads none of it. 'shared-api/contract'
// re-exports all of this. docs/frontend.md "Shared entries". The admin roles' names are here as
// types only: the access matrix is 'shared-api/contract', loaded by the dashboards.
export * from './constants';
export * from './paths';
export * from './messages';
export * from './image-sizes';
export type * from './admin-roles';
