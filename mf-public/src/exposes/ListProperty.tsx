import { ListPropertyPage } from '../features/content/pages/list-property-page';

export default function ListProperty() {
  return <ListPropertyPage />;
}
