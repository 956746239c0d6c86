import { OverviewPage } from '../features/overview/overview-page';

export default function Overview() {
  return <OverviewPage />;
}
