import { saveFile } from './save-file';

test('a blob is saved through a hidden link with the file name, and its URL is released afterwards', () => {
  jest.useFakeTimers();
  const created: string[] = [];
  const revoked: string[] = [];
  URL.createObjectURL = jest.fn(() => {
    created.push(`blob:test/${created.length + 1}`);
    return created[created.length - 1];
  });
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
  try {
    saveFile(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'tessera-transactions.csv');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'tessera-transactions.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).toEqual([]);
    jest.runAllTimers();
    expect(revoked).toEqual(['blob:test/1']);
  } finally {
    click.mockRestore();
    jest.useRealTimers();
  }
});
