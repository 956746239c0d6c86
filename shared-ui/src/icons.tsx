// The few icons the design system needs, inline (no icon pack). Decorative by
// default: aria-hidden unless a titleAccess is given.
import { SvgIcon, type SvgIconProps } from 'shared-ui/mui-core';

/** One inline icon (shared-ui/core's CloseIcon; icons-more.tsx has the rest). */
export function icon(path: string, name: string) {
  function Icon(props: SvgIconProps) {
    return (
      <SvgIcon aria-hidden={props.titleAccess ? undefined : true} {...props}>
        <path d={path} />
      </SvgIcon>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const CloseIcon = icon(
  'M18.3 5.71 12 12.01l-6.3-6.3-1.41 1.41 6.3 6.3-6.3 6.29 1.41 1.41 6.3-6.29 6.29 6.29 1.41-1.41-6.29-6.29 6.29-6.3z',
  'CloseIcon',
);
