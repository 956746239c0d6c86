/** @jest-environment node */
import { render } from '../../../ssr';
import { BELOW_THE_FOLD } from './landing-page';

// A link to /#contact, or a scroll there, must work on the server's markup before the app
// takes over; the app then loads the sections once their placeholders are on screen.
test('the server’s landing page keeps the anchors of the sections under the hero', () => {
  const page = render('/', {});
  expect(page).not.toBeNull();
  for (const { id } of BELOW_THE_FOLD) expect(page?.html).toContain(`id="${id}"`);
});
