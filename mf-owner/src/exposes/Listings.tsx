import { ListingsPage } from '../features/listings/components/listings-page';

export default function Listings() {
  return <ListingsPage />;
}
