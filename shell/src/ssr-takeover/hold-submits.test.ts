import { holdServerSubmits } from './hold-submits';

/** A form in `#root`, marked as the server's markup or not; what a native submit would do is whether the event was left alone. */
function page(ssr: boolean): HTMLFormElement {
  const root = document.createElement('div');
  root.id = 'root';
  if (ssr) root.setAttribute('data-ssr', 'mf_public@1.0.0');
  const form = document.createElement('form');
  form.setAttribute('aria-label', 'Newsletter');
  const input = document.createElement('input');
  input.name = 'footer-email';
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Subscribe now';
  form.append(input, button);
  const footer = document.createElement('footer');
  footer.append(form);
  root.append(footer);
  document.body.replaceChildren(root);
  return form;
}
const submit = (form: HTMLFormElement) => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.replaceChildren();
});

test("a submit in the server's markup is held", () => {
  const release = holdServerSubmits();
  expect(submit(page(true))).toBe(false);
  release();
});

test("the app's forms are left alone, and nothing is held once released", () => {
  const release = holdServerSubmits();
  expect(submit(page(false))).toBe(true);
  release();
  expect(submit(page(true))).toBe(true);
});
