import { ListingEditorPage } from '../features/listing-editor/components/listing-editor-page';

export default function ListingEditor() {
  return <ListingEditorPage />;
}
