// For tests: the text and name of the file the page saved last (saveFile mocked), split
// into lines, so a test reads the CSV a "Download CSV" made.
import { saveFile } from '../lib/download';

export async function savedCsv(): Promise<{ name: string; lines: string[] }> {
  const calls = jest.mocked(saveFile).mock.calls;
  const [blob, name] = calls[calls.length - 1];
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  return { name, lines: text.replace(/\r\n$/, '').split('\r\n') };
}
