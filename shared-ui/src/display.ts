// shared-ui/display: people and figures on dashboards: Avatar, StatusBadge, StatCard,
// the confirm dialog, the status banner and a listing revision's changes (RevisionChanges,
// which reads the contract's dashboard part: kept out of the tier the public pages load).
// Shared as one module (the public catalogue does not load it). Anything of
// shared-ui/core they use comes through 'shared-ui/core', so one copy of it exists.
export { Avatar, AVATAR_SIZES, initials, type AvatarProps, type AvatarSize } from './components/avatar';
export { StatCard, type StatCardProps } from './components/stat-card';
export { StatusBadge, statusTone, type StatusBadgeProps, type StatusTone } from './components/status-badge';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { StatusBanner, statusGuidance, type StatusBannerProps, type StatusGuidance } from './components/status-banner';
export { RevisionChanges, type RevisionChangesProps } from './components/revision-changes';
export { useStepUp, isStepUpRequired } from './components/step-up';
export { TwoFactorInvite } from './components/two-factor-invite';
