// The users module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as userRoutes } from './routes';
export { ByTypeSchema, DatedAmountSchema, DatedCountSchema, ListingsByStatusSchema, UsersByStatusSchema } from './metrics-schema';
export { UpdateMeSchema, UserDetailSchema, UserSchema } from './schemas';
export { deleteUser, findUser, findUserByEmail, getMe, getUserDetail, toUser, updateProfile } from './service';
export { default as caseRoutes } from './cases-routes';
export { submittedCaseCount } from './cases';
