import { PropertyDetailPage } from '../features/properties/components/property-detail-page';

export default function PropertyDetail() {
  return <PropertyDetailPage />;
}
