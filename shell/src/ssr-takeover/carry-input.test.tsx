import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { changedInput, replayInput } from './carry-input';

/** The filter form as the server sent it: no handlers, ids of its own. */
function serverMarkup(): HTMLElement {
  const server = document.createElement('div');
  server.innerHTML = `
    <form>
      <label for="s1">Location</label>
      <select id="s1"><option value="" selected>All</option><option value="AZ">Arizona</option></select>
      <label for="s2">Property type</label>
      <select id="s2"><option value="" selected>All</option><option value="RENTAL_READY">Rental</option></select>
      <label for="s3">Search</label>
      <input id="s3" value="" />
      <label for="s4">Untouched</label>
      <input id="s4" value="kept" />
    </form>`;
  document.body.append(server);
  return server;
}

function AppForm({ seen }: { seen: string[] }) {
  const [state, setState] = useState('');
  const [type, setType] = useState('');
  const [q, setQ] = useState('');
  return (
    <form>
      <label htmlFor="a1">Location</label>
      <select id="a1" value={state} onChange={(e) => (setState(e.target.value), seen.push(`state=${e.target.value}`))}>
        <option value="">All</option>
        <option value="AZ">Arizona</option>
      </select>
      <label htmlFor="a2">Property type</label>
      <select id="a2" value={type} onChange={(e) => (setType(e.target.value), seen.push(`type=${e.target.value}`))}>
        <option value="">All</option>
        <option value="RENTAL_READY">Rental</option>
      </select>
      <label htmlFor="a3">Search</label>
      <input id="a3" value={q} onChange={(e) => (setQ(e.target.value), seen.push(`q=${e.target.value}`))} />
      <label htmlFor="a4">Untouched</label>
      <input id="a4" defaultValue="kept" onChange={() => seen.push('untouched')} />
    </form>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

test('what the visitor chose on the server’s markup reaches the app’s handlers, and the focus stays in their field', () => {
  const server = serverMarkup();
  (server.querySelector('#s1') as HTMLSelectElement).value = 'AZ';
  (server.querySelector('#s2') as HTMLSelectElement).value = 'RENTAL_READY';
  const search = server.querySelector('#s3') as HTMLInputElement;
  search.value = 'desert';
  search.focus();

  const carried = changedInput(server);
  expect(carried.moves.map((m) => m.value)).toEqual(['AZ', 'RENTAL_READY', 'desert']);
  server.remove();

  const app = document.createElement('div');
  document.body.append(app);
  const seen: string[] = [];
  render(<AppForm seen={seen} />, { container: app });
  act(() => {
    replayInput(carried, app);
    jest.runAllTimers();
  });
  expect(seen).toEqual(['state=AZ', 'type=RENTAL_READY', 'q=desert']);
  expect((app.querySelector('#a1') as HTMLSelectElement).value).toBe('AZ');
  expect((app.querySelector('#a2') as HTMLSelectElement).value).toBe('RENTAL_READY');
  expect(document.activeElement).toBe(app.querySelector('#a3'));
});

test('nothing is replayed when the visitor changed nothing', () => {
  const server = serverMarkup();
  const carried = changedInput(server);
  expect(carried).toEqual({ moves: [], focusKey: null });
  const app = document.createElement('div');
  document.body.append(app);
  const seen: string[] = [];
  render(<AppForm seen={seen} />, { container: app });
  act(() => {
    replayInput(carried, app);
    jest.runAllTimers();
  });
  expect(seen).toEqual([]);
});
