import { OverviewPage } from '../features/overview/components/overview-page';

export default function Overview() {
  return <OverviewPage />;
}
