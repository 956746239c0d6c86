// A server-rendered page whose largest paint is a photo loads the app's code after that photo
// (plugins/ssr.ts withCodeAfterPhotos, shell/src/ssr-takeover/after-paint.js): issue 21's LCP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCodeAfterPhotos } from '../src/plugins/ssr';

const HTML =
  '<!doctype html><html><head><title>x</title><script defer="defer" src="/shell/1.2.0/main.js"></script></head><body><div id="root" data-ssr="mf_public@1.0.0">BODY</div></body></html>';
const PHOTO = '<img src="/download/a-960.webp" fetchpriority="high" loading="eager" alt="Photo" />';

let shellDir: string;
beforeEach(() => {
  shellDir = mkdtempSync(path.join(tmpdir(), 'tessera-shell-'));
});
afterEach(() => rmSync(shellDir, { recursive: true, force: true }));

test('a page led by a photo gets the loader instead of main.js, at the end of the body', () => {
  writeFileSync(path.join(shellDir, 'after-paint.js'), '/* loader */');
  const out = withCodeAfterPhotos(HTML.replace('BODY', PHOTO), PHOTO, shellDir);
  expect(out).not.toContain('<script defer="defer" src="/shell/1.2.0/main.js">');
  expect(out).toContain('<script defer src="/shell/1.2.0/after-paint.js" data-main="/shell/1.2.0/main.js"></script></body>');
  expect(out.match(/main\.js/g)).toHaveLength(1);
});

test('a page without a lead photo, or a shell build without the loader, keeps main.js as it was', () => {
  writeFileSync(path.join(shellDir, 'after-paint.js'), '/* loader */');
  expect(withCodeAfterPhotos(HTML, '<h1>About</h1>', shellDir)).toBe(HTML);
  expect(withCodeAfterPhotos(HTML, '<img src="/x.webp" loading="lazy" alt="" />', shellDir)).toBe(HTML);
  rmSync(path.join(shellDir, 'after-paint.js'));
  expect(withCodeAfterPhotos(HTML, PHOTO, shellDir)).toBe(HTML);
});
