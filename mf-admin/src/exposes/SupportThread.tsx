import { SupportThreadPage } from '../features/support/thread-page';

export default function SupportThread() {
  return <SupportThreadPage />;
}
