import { lazy, Suspense, useState, type ReactNode } from 'react';
import { IconButton } from 'shared-ui/mui-icon-button';
import { Avatar, initials, type AvatarSize } from 'shared-ui/display';
import type { AccountMenuItem } from './AccountMenuPopup';

const AccountMenuPopup = lazy(() => import('./AccountMenuPopup'));

const INITIALS_AS_DECORATION = (text: string) => ({
  '&:has(> span[aria-hidden]) > span[aria-hidden]': { display: 'none' },
  '&:has(> span[aria-hidden])::after': { content: JSON.stringify(text) },
});

/** Avatar button with a dropdown of account actions. */
export function AccountMenu({
  name,
  avatarUrl,
  size,
  header,
  items,
}: {
  name: string;
  avatarUrl?: string;
  size: AvatarSize;
  header?: ReactNode;
  items: AccountMenuItem[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
      >
        {/* Without a picture, the initials are drawn by CSS here: as text they would be a visible
            label missing from the button's name, "Account menu" (WCAG 2.5.3, axe
            label-content-name-mismatch). Browsers without :has() keep the text. */}
        <Avatar size={size} name={name} src={avatarUrl} sx={INITIALS_AS_DECORATION(initials(name))} />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <AccountMenuPopup anchor={anchor} onClose={() => setAnchor(null)} header={header} items={items} />
        </Suspense>
      )}
    </>
  );
}
