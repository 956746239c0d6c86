// The two icons the public chrome needs, inline (no icon pack in the first load). The
// dashboard's sidebar icons live in sidebar-icons.tsx, loaded with the dashboard chrome.
const P = {
  menu: 'M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z',
  close: 'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
};

export function SvgPathIcon({ d, size = 22 }: { d: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={d} />
    </svg>
  );
}
export const MenuIcon = () => <SvgPathIcon d={P.menu} />;
export const CloseIcon = () => <SvgPathIcon d={P.close} />;
