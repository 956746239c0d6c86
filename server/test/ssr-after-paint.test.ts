// A server-rendered page loads the app's code after its first paint and lead photos
// (plugins/ssr.ts withCodeAfterPaint, shell/src/ssr-takeover/after-paint.js): issue 21's LCP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCodeAfterPaint } from '../src/plugins/ssr';

const HTML =
  '<!doctype html><html><head><title>x</title><script defer="defer" src="/shell/1.2.0/main.js"></script></head><body><div id="root" data-ssr="mf_public@1.0.0"><img src="/download/a-960.webp" fetchPriority="high" alt="Photo"/></div></body></html>';

let shellDir: string;
beforeEach(() => {
  shellDir = mkdtempSync(path.join(tmpdir(), 'tessera-shell-'));
});
afterEach(() => rmSync(shellDir, { recursive: true, force: true }));

test('the loader stands in for main.js, at the end of the body', () => {
  writeFileSync(path.join(shellDir, 'after-paint.js'), '/* loader */');
  const out = withCodeAfterPaint(HTML, shellDir);
  expect(out).not.toContain('<script defer="defer" src="/shell/1.2.0/main.js">');
  expect(out).toContain('<script defer src="/shell/1.2.0/after-paint.js" data-main="/shell/1.2.0/main.js"></script></body>');
  expect(out.match(/main\.js/g)).toHaveLength(1);
});

test('a shell build without the loader keeps main.js as it was', () => {
  expect(withCodeAfterPaint(HTML, shellDir)).toBe(HTML);
});
