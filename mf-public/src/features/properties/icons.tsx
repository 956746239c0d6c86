// Icons of this area (see components/icons.tsx).
import { icon } from '../../components/icons';

export const DownloadIcon = /*#__PURE__*/ icon('M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z', 'DownloadIcon');
export const PlaceIcon = /*#__PURE__*/ icon(
  'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5',
  'PlaceIcon',
);
export const AddIcon = /*#__PURE__*/ icon('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z', 'AddIcon');
export const RemoveIcon = /*#__PURE__*/ icon('M19 13H5v-2h14z', 'RemoveIcon');
export const PhotoLibraryIcon = /*#__PURE__*/ icon(
  'M22 16V4c0-1.1-.9-2-2-2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2m-11-4 2.03 2.71L16 11l4 5H8zM2 6v14c0 1.1.9 2 2 2h14v-2H4V6z',
  'PhotoLibraryIcon',
);
export const ArrowBackIcon = /*#__PURE__*/ icon('M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z', 'ArrowBackIcon');
