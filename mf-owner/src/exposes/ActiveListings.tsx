import { ActiveListingsPage } from '../features/active-listings/components/active-listings-page';

export default function ActiveListings() {
  return <ActiveListingsPage />;
}
