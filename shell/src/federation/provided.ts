// Remotes are built consume-only (tools/webpack/create-config.cjs: `import: false`): they
// bundle no shared library and take every one from the shell, so the shell's build must
// provide every shared entry, including those it never renders itself. Listing them in
// import() calls makes webpack build and provide them; nothing here runs at boot.
export const providedEntries: Record<string, () => Promise<unknown>> = {
  'shared-ui': () => import('shared-ui'),
  'shared-ui/base': () => import('shared-ui/base'),
  'shared-ui/core': () => import('shared-ui/core'),
  'shared-ui/components': () => import('shared-ui/components'),
  'shared-ui/display': () => import('shared-ui/display'),
  'shared-ui/mui-core': () => import('shared-ui/mui-core'),
  'shared-ui/mui-surfaces': () => import('shared-ui/mui-surfaces'),
  'shared-ui/mui-icon-button': () => import('shared-ui/mui-icon-button'),
  'shared-ui/mui': () => import('shared-ui/mui'),
  'shared-ui/mui-fields': () => import('shared-ui/mui-fields'),
  'shared-ui/mui-inputs': () => import('shared-ui/mui-inputs'),
  'shared-ui/mui-forms': () => import('shared-ui/mui-forms'),
  'shared-ui/mui-pagination': () => import('shared-ui/mui-pagination'),
  'shared-ui/mui-data': () => import('shared-ui/mui-data'),
  'shared-ui/router': () => import('shared-ui/router'),
  'shared-ui/charts': () => import('shared-ui/charts'),
  'shared-api': () => import('shared-api'),
  'shared-api/session': () => import('shared-api/session'),
  'shared-api/contract': () => import('shared-api/contract'),
  'shared-api/contract/basics': () => import('shared-api/contract/basics'),
  'shared-api/labels': () => import('shared-api/labels'),
  'shared-api/query': () => import('shared-api/query'),
  'shared-api/contract/dashboard': () => import('shared-api/contract/dashboard'),
  'shared-api/contract/market': () => import('shared-api/contract/market'),
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
};
