import { Type, type Static } from 'typebox';
import {
  MAX_PAGE_SIZE,
  PROPERTY_PAGE_SIZE,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  US_STATE_CODES,
  type ActiveInvestments,
  type CataloguePage,
  type FileOrderBody,
  type PropertyRevision,
  type PropertyWithRevision,
  type ReviewRevisionBody,
  type OffPlanPropertyInput,
  type OffPlanPropertyUpdate,
  type OwnedPropertiesQuery,
  type OwnerPropertyView,
  type ProgressUpdateBody,
  type PropertiesQuery,
  type Property,
  type PropertyDetail,
  type PropertyInput,
  type PropertyUpdate,
  type ReviewPropertyBody,
  type HandOverPropertyBody,
} from 'shared-api/contract';
import {
  PROGRESS_UPDATE_STATUSES,
  REVISION_FIELDS,
  REVISION_STATUSES,
  type ProgressPosted,
  type ProgressReviewList,
  type ProgressUpdateRecord,
  type RejectProgressBody,
} from 'shared-api/contract/dashboard';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';
import { FileRefSchema } from '../files';
import { SoldPropertyFiguresSchema } from '../exits';

export const ImageRefSchema = Type.Object({
  _id: Id,
  url: Type.String(),
  srcset: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});

export const ProgressUpdateSchema = Type.Object({ _id: Id, percent: Type.Integer(), note: Type.String(), createdAt: DateTime });

export const PropertySchema = Type.Object({
  _id: Id,
  name: Type.String(),
  address: Type.String(),
  state: Type.String(),
  description: Type.String(),
  type: StringEnum(PROPERTY_TYPES),
  status: StringEnum(PROPERTY_STATUSES),
  images: Type.Array(ImageRefSchema),
  documents: Type.Array(FileRefSchema),
  totalQuantity: Type.Integer(),
  availableQuantity: Type.Integer(),
  reservedQuantity: Type.Integer(),
  soldQuantity: Type.Integer(),
  unitPrice: Type.Number(),
  roiInFiveYears: Type.Number(),
  progress: Nullable(Type.Integer()),
  progressUpdates: Type.Array(ProgressUpdateSchema),
  ownerId: Id,
  rejectionReason: Nullable(Type.String()),
  suspendedAt: Nullable(Type.String({ format: 'date-time' })),
  suspendedReason: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
assertSame<Same<Static<typeof PropertySchema>, Property>>();

/** GET /v1/properties/:id: the listing, and its sale's final figures once sold (null before). */
export const PropertyDetailSchema = Type.Object({ ...PropertySchema.properties, sale: Type.Optional(Nullable(SoldPropertyFiguresSchema)) });
assertSame<Same<Static<typeof PropertyDetailSchema>, PropertyDetail>>();

// ---- Revisions of live listings (issue 16) ----

const FieldValue = Type.Union([Type.String(), Type.Number()]);
export const RevisionSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  propertyName: Type.String(),
  status: StringEnum(REVISION_STATUSES),
  proposed: Type.Object({
    name: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    totalQuantity: Type.Optional(Type.Integer()),
    unitPrice: Type.Optional(Type.Number()),
    roiInFiveYears: Type.Optional(Type.Number()),
  }),
  images: Type.Array(ImageRefSchema),
  documents: Type.Array(FileRefSchema),
  fieldChanges: Type.Array(Type.Object({ field: StringEnum(REVISION_FIELDS), from: FieldValue, to: FieldValue })),
  fileChanges: Type.Array(
    Type.Object({
      kind: StringEnum(['IMAGE', 'DOCUMENT'] as const),
      change: StringEnum(['ADDED', 'REMOVED', 'MOVED'] as const),
      fileId: Id,
      name: Type.String(),
      url: Type.String(),
      from: Nullable(Type.Integer()),
      to: Nullable(Type.Integer()),
    }),
  ),
  coverChanged: Type.Boolean(),
  reason: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  decidedAt: Nullable(DateTime),
});
assertSame<Same<Static<typeof RevisionSchema>, PropertyRevision>>();

// ---- Progress that goes backwards waits for review (migration 1260) ----

export const ProgressUpdateRecordSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  percent: Type.Integer(),
  note: Type.String(),
  status: StringEnum(PROGRESS_UPDATE_STATUSES),
  previousPercent: Nullable(Type.Integer()),
  reviewReason: Nullable(Type.String()),
  createdAt: DateTime,
  decidedAt: Nullable(DateTime),
});
assertSame<Same<Static<typeof ProgressUpdateRecordSchema>, ProgressUpdateRecord>>();

export const ProgressPostedSchema = Type.Object({
  ...PropertySchema.properties,
  progressUpdate: ProgressUpdateRecordSchema,
  message: Nullable(Type.String()),
});
assertSame<Same<Static<typeof ProgressPostedSchema>, ProgressPosted>>();

export const ProgressReviewListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      _id: Id,
      propertyId: Id,
      propertyTitle: Type.String(),
      currentPercent: Type.Integer(),
      proposedPercent: Type.Integer(),
      note: Type.String(),
      ownerId: Id,
      ownerName: Type.String(),
      ownerEmail: Type.String(),
      createdAt: DateTime,
      ageHours: Type.Integer(),
    }),
  ),
});
assertSame<Same<Static<typeof ProgressReviewListSchema>, ProgressReviewList>>();

export const RejectProgressSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof RejectProgressSchema>, RejectProgressBody>>();

const progressReview = Type.Optional(Nullable(ProgressUpdateRecordSchema));

export const PropertyWithRevisionSchema = Type.Object({ ...PropertySchema.properties, revision: Nullable(RevisionSchema), progressReview });
assertSame<Same<Static<typeof PropertyWithRevisionSchema>, PropertyWithRevision>>();

export const OwnerPropertyViewSchema = Type.Object({
  ...PropertySchema.properties,
  revision: Nullable(RevisionSchema),
  progressReview,
  unitsSold: Type.Integer(),
  unitsReserved: Type.Integer(),
  amountRaised: Type.Number(),
  totalValue: Type.Number(),
  investorsCount: Type.Integer(),
});
assertSame<Same<Static<typeof OwnerPropertyViewSchema>, OwnerPropertyView>>();

export const ActiveInvestmentsSchema = Type.Object({
  propertyId: Id,
  unitsSold: Type.Integer(),
  investors: Type.Array(
    Type.Object({
      investorId: Id,
      firstName: Type.String(),
      lastName: Type.String(),
      quantity: Type.Integer(),
      amountInvested: Type.Number(),
    }),
  ),
});
assertSame<Same<Static<typeof ActiveInvestmentsSchema>, ActiveInvestments>>();
export const ActiveInvestmentsQuerySchema = Type.Object(
  { ids: Type.String({ minLength: 1, maxLength: 4000 }) },
  { additionalProperties: false },
);

const page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: PROPERTY_PAGE_SIZE })),
};
const SearchName = Type.String({ maxLength: 120 });

export const PropertiesQuerySchema = Type.Object(
  {
    searchName: Type.Optional(SearchName),
    status: Type.Optional(StringEnum(PROPERTY_STATUSES)),
    state: Type.Optional(StringEnum(US_STATE_CODES as readonly string[])),
    type: Type.Optional(StringEnum(PROPERTY_TYPES)),
    sort: Type.Optional(StringEnum(PROPERTY_SORTS, { default: 'newest' })),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 400, pattern: '^[A-Za-z0-9_-]+$' })),
    ...page,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof PropertiesQuerySchema>, PropertiesQuery>>();

export const CataloguePageSchema = Type.Object({
  items: Type.Array(PropertySchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  nextCursor: Type.Optional(Nullable(Type.String())),
  totalExact: Type.Optional(Type.Boolean()),
});
assertSame<Same<Static<typeof CataloguePageSchema>, CataloguePage>>();

export const OwnedQuerySchema = Type.Object(
  { searchName: Type.Optional(SearchName), status: Type.Optional(StringEnum(PROPERTY_STATUSES)), ...page },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OwnedQuerySchema>, OwnedPropertiesQuery>>();

const fields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  address: Type.String({ minLength: 1, maxLength: 200 }),
  state: StringEnum(US_STATE_CODES as readonly string[]),
  description: Type.String({ maxLength: 5000 }),
  totalQuantity: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  unitPrice: Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000 }),
  roiInFiveYears: Type.Number({ minimum: 0, maximum: 1000 }),
};
const progress = Type.Integer({ minimum: 0, maximum: 100 });

export const RentalReadyInputSchema = Type.Object(
  {
    name: fields.name,
    address: fields.address,
    state: fields.state,
    description: Type.Optional(fields.description),
    totalQuantity: fields.totalQuantity,
    unitPrice: fields.unitPrice,
    roiInFiveYears: fields.roiInFiveYears,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof RentalReadyInputSchema>, PropertyInput>>();

export const OffPlanInputSchema = Type.Object(
  { ...RentalReadyInputSchema.properties, progress: Type.Optional(progress) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OffPlanInputSchema>, OffPlanPropertyInput>>();

export const RentalReadyUpdateSchema = Type.Object(
  {
    name: Type.Optional(fields.name),
    address: Type.Optional(fields.address),
    state: Type.Optional(fields.state),
    description: Type.Optional(fields.description),
    totalQuantity: Type.Optional(fields.totalQuantity),
    unitPrice: Type.Optional(fields.unitPrice),
    roiInFiveYears: Type.Optional(fields.roiInFiveYears),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof RentalReadyUpdateSchema>, PropertyUpdate>>();

export const OffPlanUpdateSchema = Type.Object(
  { ...RentalReadyUpdateSchema.properties, progress: Type.Optional(progress) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OffPlanUpdateSchema>, OffPlanPropertyUpdate>>();

export const ReviewSchema = Type.Object(
  { decision: StringEnum(['APPROVE', 'REJECT'] as const), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReviewSchema>, ReviewPropertyBody>>();

export const ProgressSchema = Type.Object(
  { percent: progress, note: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ProgressSchema>, ProgressUpdateBody>>();

export const PropertyIdParams = Type.Object({ propertyId: Id }, { additionalProperties: false });
export const OwnerIdParams = Type.Object({ ownerId: Id }, { additionalProperties: false });

export const ReviewRevisionSchema = Type.Object(
  { decision: StringEnum(['APPROVE', 'REJECT'] as const), reason: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReviewRevisionSchema>, ReviewRevisionBody>>();

export const FileOrderSchema = Type.Object(
  { kind: StringEnum(['PROPERTY_IMAGE', 'PROPERTY_DOCUMENT'] as const), ids: Type.Array(Id, { maxItems: 100 }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof FileOrderSchema>, FileOrderBody>>();

/** POST /v1/properties/:id/handover: the verified owner the listing moves to. */
export const HandOverSchema = Type.Object({ ownerId: Id }, { additionalProperties: false });
assertSame<Same<Static<typeof HandOverSchema>, HandOverPropertyBody>>();
