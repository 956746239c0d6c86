import { ListingsPage } from '../features/listings/listings-page';

export default function Listings() {
  return <ListingsPage />;
}
