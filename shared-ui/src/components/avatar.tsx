import { useState } from 'react';
import { Box } from 'shared-ui/mui-core';
import type { SxProps, Theme } from 'shared-ui/mui-core';
import { brand } from 'shared-ui/core';

export const AVATAR_SIZES = { SM: 32, MD: 40, LG: 56, XL: 80, XXL: 120 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export interface AvatarProps {
  /** Image URL; without one (or when it fails to load) the initials show. */
  src?: string | null;
  /** Full name: the alt text and the initials. */
  name: string;
  size?: AvatarSize;
  sx?: SxProps<Theme>;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * User picture in five sizes (spec 9: SM, MD, LG, XL, XXL). MUI's Avatar markup and
 * styles (a circle with the picture, or the initials), built on Box so pages that show
 * no avatar do not carry MUI's component (docs/frontend.md).
 */
export function Avatar({ src, name, size = 'MD', sx }: AvatarProps) {
  const px = AVATAR_SIZES[size];
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = !!src && failed !== src;
  return (
    <Box
      className={`MuiAvatar-root MuiAvatar-circular${showImage ? '' : ' MuiAvatar-colorDefault'}`}
      data-size={size}
      role={showImage ? undefined : 'img'}
      aria-label={showImage ? undefined : name}
      sx={[
        {
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          fontFamily: 'inherit',
          lineHeight: 1,
          borderRadius: '50%',
          overflow: 'hidden',
          userSelect: 'none',
          width: px,
          height: px,
          fontSize: Math.round(px * 0.4),
          fontWeight: 600,
          bgcolor: brand.blueSoft,
          color: brand.blue,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {showImage ? (
        <Box
          component="img"
          className="MuiAvatar-img"
          src={src}
          alt={name}
          onError={() => setFailed(src ?? null)}
          sx={{ width: '100%', height: '100%', textAlign: 'center', objectFit: 'cover', color: 'transparent', textIndent: 10000 }}
        />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </Box>
  );
}
