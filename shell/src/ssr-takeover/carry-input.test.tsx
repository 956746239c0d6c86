import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { changedInput, replayInput } from './carry-input';

/** The filter form as the server sent it: no handlers, ids of its own (built node by node). */
function serverMarkup(): HTMLElement {
  const server = document.createElement('div');
  const form = document.createElement('form');
  const labelled = (id: string, text: string, control: HTMLElement) => {
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = text;
    control.id = id;
    form.append(label, control);
  };
  const select = (values: [string, string][]) => {
    const el = document.createElement('select');
    for (const [value, text] of values) el.append(new Option(text, value, value === '', value === ''));
    return el;
  };
  const input = (value: string) => {
    const el = document.createElement('input');
    el.defaultValue = value;
    return el;
  };
  labelled(
    's1',
    'Location',
    select([
      ['', 'All'],
      ['AZ', 'Arizona'],
    ]),
  );
  labelled(
    's2',
    'Property type',
    select([
      ['', 'All'],
      ['RENTAL_READY', 'Rental'],
    ]),
  );
  labelled('s3', 'Search', input(''));
  labelled('s4', 'Untouched', input('kept'));
  server.append(form);
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

/** The app renders its form, then what the visitor did is replayed on it (every task run). */
function takeOver(carried: ReturnType<typeof changedInput>): { app: HTMLElement; seen: string[] } {
  const app = document.createElement('div');
  document.body.append(app);
  const seen: string[] = [];
  render(<AppForm seen={seen} />, { container: app });
  act(() => {
    replayInput(carried, app);
    jest.runAllTimers();
  });
  return { app, seen };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.replaceChildren();
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

  const { app, seen } = takeOver(carried);
  expect(seen).toEqual(['state=AZ', 'type=RENTAL_READY', 'q=desert']);
  expect((app.querySelector('#a1') as HTMLSelectElement).value).toBe('AZ');
  expect((app.querySelector('#a2') as HTMLSelectElement).value).toBe('RENTAL_READY');
  expect(document.activeElement).toBe(app.querySelector('#a3'));
});

test('nothing is replayed when the visitor changed nothing', () => {
  const server = serverMarkup();
  const carried = changedInput(server);
  expect(carried).toEqual({ moves: [], focusKey: null });
  expect(takeOver(carried).seen).toEqual([]);
});
