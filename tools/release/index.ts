// The release tool as a library (tests, nginx/nginx.cjs through release.cjs).
export * from './approval';
export * from './environments';
export * from './errors';
export { defaultRoot, files, writeFileAtomic } from './files';
export * from './webhook';
export { withLock, readHolder, pidAlive } from './lock';
export { parsePercent, parseSteps } from './percent';
export * from './registry';
export { readRequirements, requirementsFromSource } from './requirements';
export { readRollouts } from './rollouts';
export * from './rollout';
export * from './stats';
export { satisfies, sharedOf, shellNeeds, validateBuild, liveRemotesAgainstShell } from './validation';
export * from './verbs';
