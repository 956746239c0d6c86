import { DistributionsPage } from '../features/returns/distributions-page';

export default function Distributions() {
  return <DistributionsPage />;
}
