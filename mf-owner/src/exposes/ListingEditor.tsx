import { QueryProvider } from 'shared-api/query';
import { ListingEditorPage } from '../features/listing-editor/components/listing-editor-page';

export default function ListingEditor() {
  return (
    <QueryProvider>
      <ListingEditorPage />
    </QueryProvider>
  );
}
