import { Type } from 'typebox';
import { Id } from '../../lib/schema';

/** A stored file as the API shows it (contract `FileRef`): listings, KYC documents. */
export const FileRefSchema = Type.Object({
  _id: Id,
  url: Type.String(),
  name: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
});
