// /dashboard/listings/create and /dashboard/listings/:id/edit.
import { useParams } from 'shared-ui/router';
import { ErrorState, LoadingState, useAsync } from 'shared-ui/components';
import { getOwnedProperty } from 'shared-api';
import { ListingEditor } from './listing-editor';

function EditListing({ id }: { id: string }) {
  const { data, error, loading, reload } = useAsync(() => getOwnedProperty(id), [id]);
  if (error) return <ErrorState title="This listing could not be loaded" message={error} onRetry={reload} />;
  if (loading || !data) return <LoadingState label="Loading the listing..." />;
  return <ListingEditor key={data._id} initial={data} />;
}

export function ListingEditorPage() {
  const { id } = useParams<{ id?: string }>();
  return id ? <EditListing id={id} /> : <ListingEditor initial={null} />;
}
