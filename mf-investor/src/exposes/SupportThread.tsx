import { SupportThreadPage } from '../features/support/components/thread-page';

export default function SupportThread() {
  return <SupportThreadPage />;
}
