// The approvals module's public surface (four eyes): gated modules register their actions
// and call `held` before acting; app.ts registers the routes.
export { default as approvalRoutes } from './routes';
export {
  anotherSuperAdmin,
  held,
  registerApproval,
  usd,
  fourEyesOn,
  pendingCount,
  type ApprovalHandler,
  type ApprovalAsk,
} from './service';
export { ApprovalRequestSchema } from './schemas';
