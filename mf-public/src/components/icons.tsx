// The helper for this remote's inline icons (no icon pack), decorative unless given a
// titleAccess. The icons live beside the features that use them (features/*/icons.tsx).
import { SvgIcon, type SvgIconProps } from 'shared-ui/mui-core';

/** One inline icon; each area keeps its own icons beside it, so a page's chunk carries only those. */
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
