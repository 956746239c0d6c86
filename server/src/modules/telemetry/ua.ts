// The user-agent class a health report is stored under: device and engine
// (`desktop-blink`, `mobile-webkit`, `tablet-gecko`, `bot`, `unknown`), never the raw string.

export type Device = 'desktop' | 'mobile' | 'tablet';
export type Engine = 'blink' | 'gecko' | 'webkit' | 'other';

export function uaClass(ua: string | undefined): string {
  if (!ua) return 'unknown';
  if (/bot\b|crawler|spider|slurp/i.test(ua)) return 'bot';
  const device: Device = /iPad|Tablet|Android(?!.*Mobile)/i.test(ua)
    ? 'tablet'
    : /Mobi|iPhone|iPod|Android/i.test(ua)
      ? 'mobile'
      : 'desktop';
  // Every browser on iOS is WebKit, whatever it calls itself (CriOS, FxiOS).
  const engine: Engine = /iPhone|iPad|iPod/.test(ua)
    ? 'webkit'
    : /Firefox\/|Gecko\/\d/.test(ua) && !/like Gecko/.test(ua)
      ? 'gecko'
      : /Chrome\/|Chromium\/|Edg\//.test(ua)
        ? 'blink'
        : /AppleWebKit\//.test(ua)
          ? 'webkit'
          : 'other';
  return `${device}-${engine}`;
}
