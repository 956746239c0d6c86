import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileKind } from 'shared-api/contract';
import { AppThemeProvider } from '../theme-provider';
import { FilePicker } from './file-picker';

const MB = 1024 * 1024;
function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = jest.fn(() => {
    const url = `blob:preview-${(n += 1)}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = jest.fn((url: string) => {
    revoked.push(url);
  });
});

function Harness(props: {
  kind?: FileKind;
  multiple?: boolean;
  maxFiles?: number;
  progress?: number[];
  onError?: (m: string) => void;
  initial?: File[];
  reorderable?: boolean;
}) {
  const [files, setFiles] = useState<File[]>(props.initial ?? []);
  return (
    <FilePicker
      label="Identity document"
      kind={props.kind}
      multiple={props.multiple}
      maxFiles={props.maxFiles}
      progress={props.progress}
      files={files}
      onChange={setFiles}
      onError={props.onError}
      reorderable={props.reorderable}
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const onError = jest.fn();
  // applyAccept off: the browser's accept filter can be bypassed, our check must hold.
  const user = userEvent.setup({ applyAccept: false });
  const utils = render(<Harness onError={onError} {...props} />, { wrapper: AppThemeProvider });
  const input = screen.getByLabelText('Identity document') as HTMLInputElement;
  return { ...utils, user, input, onError };
}

describe('FilePicker', () => {
  test('an accessible, keyboard-reachable file input with the right accept list', () => {
    const { input } = setup({ kind: 'pdf+images' });
    expect(input).toHaveAttribute('type', 'file');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/avif,application/pdf');
    expect(input).not.toHaveAttribute('tabindex', '-1');
    input.focus();
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/PDF, JPEG, PNG, WEBP or AVIF, up to 5MB/);
  });

  test.each([
    ['images', file('doc.pdf', 'application/pdf'), 'Invalid file type. Only Images are allowed.'],
    ['pdf', file('id.png', 'image/png'), 'Invalid file type. Only PDF files are allowed.'],
    ['pdf+images', file('notes.docx', 'application/msword'), 'Invalid file type. Only JPEG, PNG, WEBP and PDF files are allowed.'],
  ] as const)('type check for %s', async (kind, bad, message) => {
    const { user, input, onError } = setup({ kind });
    await user.upload(input, bad);
    expect(onError).toHaveBeenCalledWith(message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('size check: the 5MB message', async () => {
    const { user, input, onError } = setup();
    await user.upload(input, file('huge.png', 'image/png', 5 * MB + 1));
    expect(onError).toHaveBeenCalledWith('File size exceeds the maximum allowed limit (5MB).');
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds the maximum allowed limit (5MB).');
  });

  test('count check: at most 5 by default, counting files already chosen', async () => {
    const { user, input, onError } = setup({ multiple: true });
    await user.upload(
      input,
      [1, 2, 3, 4].map((i) => file(`p${i}.png`, 'image/png')),
    );
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
    await user.upload(input, [file('p5.png', 'image/png'), file('p6.png', 'image/png')]);
    expect(onError).toHaveBeenCalledWith('You can upload a maximum of 5.');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
    await user.upload(input, file('p5.png', 'image/png'));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a custom maximum', async () => {
    const { user, input, onError } = setup({ multiple: true, maxFiles: 2 });
    await user.upload(input, [file('a.png', 'image/png'), file('b.png', 'image/png'), file('c.png', 'image/png')]);
    expect(onError).toHaveBeenCalledWith('You can upload a maximum of 2.');
  });

  test('single mode replaces the file', async () => {
    const { user, input } = setup();
    await user.upload(input, file('first.png', 'image/png'));
    await user.upload(input, file('second.png', 'image/png'));
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('second.png');
  });

  test('names are truncated to 20 characters plus "..." (full name in the title)', async () => {
    const { user, input } = setup({ kind: 'pdf' });
    await user.upload(input, file('my-very-long-business-registration.pdf', 'application/pdf'));
    const name = screen.getByText('my-very-long-busines...');
    expect(name).toHaveAttribute('title', 'my-very-long-business-registration.pdf');
  });

  test('image previews via object URLs; a PDF icon for PDFs', async () => {
    const { user, input } = setup({ kind: 'pdf+images', multiple: true });
    await user.upload(input, [file('front.png', 'image/png'), file('reg.pdf', 'application/pdf')]);
    expect(await screen.findByRole('img', { name: 'Preview of front.png' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByRole('img', { name: 'PDF document' })).toBeInTheDocument();
    expect(created).toEqual(['blob:preview-1']);
  });

  test('removing a file revokes its preview; unmount revokes the rest', async () => {
    const { user, input, unmount } = setup({ multiple: true });
    await user.upload(input, [file('a.png', 'image/png'), file('b.png', 'image/png')]);
    await screen.findByRole('img', { name: 'Preview of b.png' });
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1']);
    unmount();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  test('remove buttons work from the keyboard', async () => {
    const { user, input } = setup();
    await user.upload(input, file('a.png', 'image/png'));
    act(() => screen.getByRole('button', { name: 'Remove a.png' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('per-file progress as a progress bar', async () => {
    const initial = [file('a.png', 'image/png'), file('b.png', 'image/png')];
    setup({ multiple: true, initial, progress: [0.5] });
    const bar = screen.getByRole('progressbar', { name: 'Upload progress for a.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress for b.png' })).not.toBeInTheDocument();
  });

  test('a valid choice after an error clears the message', async () => {
    const { user, input } = setup();
    await user.upload(input, file('x.pdf', 'application/pdf'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.upload(input, file('ok.png', 'image/png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('dropping files goes through the same checks', async () => {
    const { onError } = setup();
    const zone = screen.getByText('Choose a file').closest('label')!;
    const dataTransfer = { files: [file('x.pdf', 'application/pdf')] };
    await act(async () => {
      zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }));
    });
    expect(onError).toHaveBeenCalledWith('Invalid file type. Only Images are allowed.');
  });

  test('reorderable: chosen files move up and down with buttons, keyboard included, the ends disabled', async () => {
    const a = file('a.png', 'image/png');
    const b = file('b.png', 'image/png');
    const c = file('c.png', 'image/png');
    const { user } = setup({ multiple: true, reorderable: true, initial: [a, b, c] });
    const list = () => screen.getByRole('list', { name: 'Identity document: chosen files' });
    const names = () =>
      within(list())
        .getAllByRole('listitem')
        .map((li) => li.textContent?.slice(0, 5));
    expect(within(list()).getByRole('button', { name: 'Move a.png up' })).toBeDisabled();
    expect(within(list()).getByRole('button', { name: 'Move c.png down' })).toBeDisabled();
    await user.click(within(list()).getByRole('button', { name: 'Move c.png up' }));
    expect(names()).toEqual(['a.png', 'c.png', 'b.png']);
    const up = within(list()).getByRole('button', { name: 'Move c.png up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['c.png', 'a.png', 'b.png']);
    // The moved row keeps its element, so focus stays with it.
    expect(within(list()).getByRole('button', { name: 'Move c.png up' })).toBe(up);
  });

  test('not reorderable: no move buttons', () => {
    setup({ multiple: true, initial: [file('a.png', 'image/png'), file('b.png', 'image/png')] });
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });
});
