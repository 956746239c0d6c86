// The account dropdowns need MUI's Menu ('shared-ui/mui-forms'): loaded on first open.
import type { ReactNode } from 'react';
import { Menu, MenuItem } from 'shared-ui/mui-inputs';
import { Link } from 'shared-ui/router';

export interface AccountMenuItem {
  label: string;
  to?: string;
  onClick?: () => void;
}

export default function AccountMenuPopup({
  anchor,
  onClose,
  header,
  items,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  header?: ReactNode;
  items: AccountMenuItem[];
}) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {header && (
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          {header}
        </MenuItem>
      )}
      {items.map((i) =>
        i.to ? (
          <MenuItem key={i.label} component={Link} to={i.to} onClick={onClose}>
            {i.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={i.label}
            onClick={() => {
              onClose();
              i.onClick?.();
            }}
          >
            {i.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
