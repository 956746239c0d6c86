// The proposals module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as proposalRoutes } from './routes';
export { settleDue as settleDueProposals, runDueProposals } from './service';
export { scheduleProposals } from './job';
